/**
 * Lets the browser run what waits (a paint, a tap) before the next step of a
 * page's start-up: steps that each cost a slow phone's main thread
 * milliseconds (evaluating code, touching storage, starting downloads) made
 * one long task together (issue 34).
 */
export const yieldToBrowser = () => new Promise<void>((resume) => setTimeout(resume, 0));

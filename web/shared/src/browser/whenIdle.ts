/**
 * Runs `work` when the main thread is next idle, and at the latest after
 * `timeout` ms: work the page needs soon but not for its first screen.
 * Safari (every iOS browser) has no idle callback, and waits the `timeout`.
 */
export function whenIdle(work: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => work(), { timeout });
  else setTimeout(work, timeout);
}

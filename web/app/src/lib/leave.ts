// Leaving the single-page app: a full page load rather than a router
// navigation. One module so tests can replace it (jsdom's location cannot be
// stubbed).

/** Replaces the current page in history (the confirm page is not returned to). */
export function replacePage(url: string): void {
  window.location.replace(url);
}

/** Opens an address outside the app (an http(s) link from the server). */
export function openExternal(url: string): void {
  window.location.assign(url);
}

/** Whether a server-given target is an absolute web address rather than an app path. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

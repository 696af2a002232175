// The cookies the pages set (spec §9): they last until the end of year 9999,
// i.e. until the visitor clears them, and are read back by name.

/** The end of year 9999, as a cookie's `expires` attribute writes it. */
export const COOKIE_EXPIRES = new Date(Date.UTC(9999, 11, 31, 23, 59, 59)).toUTCString();

/** Sets `name` for the whole site until the end of year 9999; `Secure` when the page is served over HTTPS. */
export function setCookie(name: string, value: string, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${COOKIE_EXPIRES}; path=/; SameSite=Lax${secure}`;
}

/** The value of cookie `name`, or null when the page has none. */
export function readCookie(name: string, doc: Document = document): string | null {
  const wanted = encodeURIComponent(name);
  for (const pair of doc.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== wanted) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

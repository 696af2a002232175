// Our own pages keep the borrower's session in an HttpOnly, SameSite=Strict
// cookie the server sets (issue 29): a native shell opens a page with
// `?sessionId=` (D5), and login answers one; either is traded for the cookie
// at once and taken out of the address, so that nothing the page loads
// afterwards (calls, pictures, links) carries it. Scripts cannot read the
// cookie, so a flag in sessionStorage says that this tab has a session.
import { createClient } from '../api/request';
import { forgetCarried } from '../query/pageQuery';

const FLAG = 'hiram.session';
/**
 * The test preview page plays a native shell: the `sessionId` of its
 * address is a field of the links it makes for testers, not a session.
 */
const SHELL_PLAYING_PAGES = ['/testPreview'];
const CARRIED_SESSION = 'hiram.q.sessionId';
const TRADE_PATH = '/service/login/web-session';

/** The trade needs no session query of its own: the session goes in the body. */
const client = createClient('form', { carrySession: false });

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Trades `sessionId` for the cookie; true when the server took it. */
export async function tradeSession(sessionId: string): Promise<boolean> {
  const result = await client.post(TRADE_PATH, { sessionId }, { silent: true });
  const store = storage();
  store?.removeItem(CARRIED_SESSION);
  if (result.success) store?.setItem(FLAG, '1');
  else store?.removeItem(FLAG);
  return result.success;
}

/**
 * Page-root step, before the first call: a `sessionId` in the address is
 * traded for the cookie and removed from the address (and from what the
 * pages remember), whatever the server answered: a session it refused is
 * no use in the address either.
 */
export async function adoptAddressSession(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const sessionId = params.get('sessionId');
  if (sessionId === null || SHELL_PLAYING_PAGES.includes(window.location.pathname)) return;
  params.delete('sessionId');
  const query = params.toString();
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${query ? `?${query}` : ''}${hash}`);
  if (sessionId === '') return;
  await tradeSession(sessionId);
}

/**
 * Notes that the server has just set the session cookie on a reply of its
 * own (the promotion page's registration signs the new borrower in).
 */
export function markWebSession(): void {
  storage()?.setItem(FLAG, '1');
}

/** Whether this tab has a session (a cookie the server set, or one in the address). */
export function hasWebSession(): boolean {
  return storage()?.getItem(FLAG) === '1' || new URLSearchParams(window.location.search).get('sessionId') !== null;
}

/** Forgets the session on this tab (log out): the remembered query and the flag. */
export function forgetWebSession(): void {
  forgetCarried();
  storage()?.removeItem(FLAG);
}

import { readCarried, withCarriedQuery } from '@hiram/shared/query/pageQuery';

/** An in-app path carrying the session query, plus `extra` parameters. */
export function appLink(path: string, extra: Record<string, string | number> = {}): string {
  return withCarriedQuery(path, extra);
}

/** Whether this page carries a session (the borrower is logged in). */
export function hasSession(): boolean {
  return readCarried('sessionId') !== '';
}

/** The login page, coming back to `returnTo` (a same-site path) afterwards. */
export function loginLink(returnTo: string): string {
  return appLink('/login', { redirect: returnTo });
}

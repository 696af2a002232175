import { withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { hasWebSession } from '@hiram/shared/session/webSession';

/** An in-app path carrying the session query, plus `extra` parameters. */
export function appLink(path: string, extra: Record<string, string | number> = {}): string {
  return withCarriedQuery(path, extra);
}

/** Whether this tab has a session (the borrower is logged in). */
export function hasSession(): boolean {
  return hasWebSession();
}

/** The login page, coming back to `returnTo` (a same-site path) afterwards. */
export function loginLink(returnTo: string): string {
  return appLink('/login', { redirect: returnTo });
}

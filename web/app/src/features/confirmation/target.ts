import { withCarriedQuery } from '@hiram/shared/query/pageQuery';

/**
 * The page after a successful confirm: the server's lendDetailsUrl plus the
 * current page's query (its own values win) and from=confirm (spec §4).
 */
export function lendDetailsTarget(lendDetailsUrl: string, currentSearch: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(lendDetailsUrl);
  const url = new URL(lendDetailsUrl, window.location.origin);
  for (const [key, value] of new URLSearchParams(currentSearch)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const merged = absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
  return withCarriedQuery(merged, { from: 'confirm' });
}

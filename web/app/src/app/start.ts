// The borrower pages' app, loaded by the entry (main.tsx) once React is in:
// the router, TanStack Query, the texts and the request helper live in this
// chunk, which index.html preloads beside the entry and which runs in a task
// of its own (decision 094).
import { ensureDeviceId } from '@hiram/shared/browser/deviceId';
import { initI18n } from '@hiram/shared/i18n/i18n';
import { normalisePageQuery } from '@hiram/shared/query/pageQuery';
import { adoptAddressSession } from '@hiram/shared/session/webSession';
import { preloadPageAt } from './AppRoutes';
import { queryClient } from './queryClient';

export { App } from './App';

/** What has to be done before the first render. */
export async function prepare(): Promise<void> {
  normalisePageQuery();
  // A browser that no shell hosts has no device id of its own: it is given one.
  ensureDeviceId();
  // The address's session becomes the cookie before any call is made. The
  // page's own code comes meanwhile, so the first render is the page (a page
  // whose code failed to come is tried again by that render).
  const [, , page] = await Promise.all([
    initI18n(),
    adoptAddressSession(),
    preloadPageAt(window.location.pathname).catch(() => undefined),
  ]);
  // The page's first call goes out now, beside the first render, not after it.
  page?.prefetch?.(queryClient, new URLSearchParams(window.location.search));
}

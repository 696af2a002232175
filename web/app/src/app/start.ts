// The borrower pages' app, loaded by the entry (main.tsx) once React is in:
// the router, TanStack Query, the texts and the request helper live in this
// chunk, which index.html preloads beside the entry and which runs in a task
// of its own (decision 094).
import { ensureDeviceId } from '@hiram/shared/browser/deviceId';
import { initI18n } from '@hiram/shared/i18n/i18n';
import { normalisePageQuery } from '@hiram/shared/query/pageQuery';
import { adoptAddressSession } from '@hiram/shared/session/webSession';

export { App } from './App';

/** What has to be done before the first render. */
export async function prepare(): Promise<void> {
  normalisePageQuery();
  // A browser that no shell hosts has no device id of its own: it is given one.
  ensureDeviceId();
  // The address's session becomes the cookie before any call is made.
  await Promise.all([initI18n(), adoptAddressSession()]);
}

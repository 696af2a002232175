// The borrower pages' app, loaded by the entry (main.tsx) once React is in:
// the router, TanStack Query, the texts and the request helper live in this
// chunk, which index.html preloads beside the entry and which runs in a task
// of its own (decision 094).
import { ensureDeviceId } from '@hiram/shared/browser/deviceId';
import { whenIdle } from '@hiram/shared/browser/whenIdle';
import { yieldToBrowser } from '@hiram/shared/browser/yieldToBrowser';
import { initI18n } from '@hiram/shared/i18n/i18n';
import { rememberCarriedQuery } from '@hiram/shared/query/pageQuery';
import { adoptAddressSession } from '@hiram/shared/session/webSession';
import { preloadPageAt } from './AppRoutes';
import { queryClient } from './queryClient';

export { App } from './App';

/**
 * How long the first render waits for the page's first calls: on a slow
 * connection the borrower sees the page and its loading indicator after a
 * second rather than the shell alone.
 */
const FIRST_ANSWER_WAIT_MS = 1_000;

/** What has to be done before the first render. */
export async function prepare(): Promise<void> {
  // The page's own code first: its download is the longest wait. The first
  // render is then the page (a page whose code failed to come in the
  // start-up is asked for again by that render).
  const page = preloadPageAt(window.location.pathname).catch(() => undefined);
  await yieldToBrowser();
  rememberCarriedQuery();
  // A browser that no shell hosts has no device id of its own: it is given one.
  ensureDeviceId();
  await yieldToBrowser();
  // The address's session becomes the cookie before any call is made.
  const [, , pageModule] = await Promise.all([initI18n(), adoptAddressSession(), page]);
  // The page's first calls, answered before the first render (the shell
  // shows meanwhile), as a route's loader would be: the page then appears
  // whole in one render, rather than as a header whose content comes in a
  // second render, each a long task on a slow phone. A slow answer is not
  // waited for past FIRST_ANSWER_WAIT_MS: the page then shows with its
  // loading indicator, and the answer fills it when it comes.
  let firstCalls: Promise<unknown> | undefined;
  try {
    firstCalls = pageModule?.prefetch?.(queryClient, new URLSearchParams(window.location.search));
  } catch {
    // A page whose first calls could not start makes them itself as it renders.
  }
  if (!firstCalls) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const longest = new Promise<void>((resume) => (timer = setTimeout(resume, FIRST_ANSWER_WAIT_MS)));
  // A failed call is the page's to show, not a reason to keep the shell.
  await Promise.race([firstCalls.catch(() => undefined), longest]);
  clearTimeout(timer);
}

/**
 * Registers the service worker (spec §7) once the main thread is idle after
 * the load, not in the middle of the start-up: the page's own chunks and
 * first call come first (issue 34).
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD) return;
  const register = () =>
    whenIdle(() => void import('@hiram/shared/sw/registerServiceWorker').then((sw) => sw.registerServiceWorker()), 5_000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

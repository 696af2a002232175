import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { yieldToBrowser } from '@hiram/shared/browser/yieldToBrowser';
import { getLocale } from '@hiram/shared/i18n/i18n';
import { initSiteI18n } from '../i18n/i18n';
import { Root } from './Root';

/**
 * Loads the locale, then brings the page in #root to life. The build
 * prerendered it (decision 048) in the language its `data-locale` names: in
 * that language React hydrates what is painted, as a transition so the work
 * is cut into slices that leave the main thread free between them; in the
 * other (a visitor's choice the server could not see) it renders afresh.
 * Evaluating the code, choosing the locale (a read of storage) and starting
 * React each run in a task of their own, not as one long task (issue 34).
 */
export function mount(page: ComponentType): void {
  void start(page);
}

async function start(page: ComponentType): Promise<void> {
  await yieldToBrowser();
  await initSiteI18n();
  await yieldToBrowser();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  const tree = <Root page={page} />;
  if (root.dataset.locale === getLocale() && root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, tree);
    });
  } else {
    createRoot(root).render(tree);
  }
}

// The site's translations: its own catalogue (site.* and promo.* keys) on top
// of the shared one, in the locale the shared module chose. Filipino loads
// only when the site runs in Filipino.
import type { ReactNode } from 'react';
import {
  fillNodes,
  fillPlaceholders,
  getLocale,
  initI18n,
  t as sharedT,
  type MessageKey as SharedKey,
} from '@hiram/shared/i18n/i18n';
import { siteEn, type SiteCatalogue, type SiteKey } from './en';

export type MessageKey = SharedKey | SiteKey;

let filipino: SiteCatalogue | null = null;

/** Chooses the locale and loads both catalogues before the first render. */
export async function initSiteI18n(): Promise<void> {
  await initI18n();
  if (getLocale() === 'fil') filipino = (await import('./fil')).siteFil;
}

const isSiteKey = (key: MessageKey): key is SiteKey => Object.hasOwn(siteEn, key);

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  if (!isSiteKey(key)) return sharedT(key, params);
  const catalogue: SiteCatalogue = getLocale() === 'fil' && filipino ? filipino : siteEn;
  return fillPlaceholders(catalogue[key], params);
}

/** A translation whose {placeholders} are elements (links inside a sentence). */
export function tNodes(key: MessageKey, nodes: Record<string, ReactNode>): ReactNode[] {
  return fillNodes(t(key), nodes);
}

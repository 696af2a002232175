// The site's translations: its own catalogue (site.* and promo.* keys) on top
// of the shared one, in the locale the shared module chose. Filipino loads
// only when the site runs in Filipino.
import type { ReactNode } from 'react';
import {
  detectLocale,
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

/**
 * Chooses the locale and loads both catalogues before the first render, at
 * the same time: on mobile data a second download after the first is a
 * second round trip.
 */
export async function initSiteI18n(): Promise<void> {
  const own = detectLocale() === 'fil' ? import('./fil').then((m) => m.siteFil) : Promise.resolve(null);
  const [, loaded] = await Promise.all([initI18n(), own]);
  filipino = loaded;
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

// The site's translations: its own catalogue (site.* and promo.* keys) on top
// of the shared one, in the locale the shared module chose. Filipino loads
// only when the site runs in Filipino.
import type { ReactNode } from 'react';
import { fillNodes, layeredTexts, type MessageKey as SharedKey } from '@hiram/shared/i18n/i18n';
import { siteEn, type SiteKey } from './en';

export type MessageKey = SharedKey | SiteKey;

const texts = layeredTexts(siteEn, () => import('./fil').then((m) => m.siteFil));

export const initSiteI18n = texts.init;
export const t = texts.t;

/** A translation whose {placeholders} are elements (links inside a sentence). */
export function tNodes(key: MessageKey, nodes: Record<string, ReactNode>): ReactNode[] {
  return fillNodes(t(key), nodes);
}

// The site's pages rendered to HTML at build time (decision 048), by
// web/site/scripts/prerender.mjs through Vite's SSR build of this module.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '@hiram/shared/i18n/i18n';
import { Root } from './common/Root';
import { initSiteI18n } from './i18n/i18n';
import { SitePage } from './home/SitePage';
import { PromotionPage } from './promotion/PromotionPage';

export const PAGES: Record<'index' | 'promotion', ComponentType> = { index: SitePage, promotion: PromotionPage };

/** The markup of `page` in `locale`, as the browser's first render makes it before any call answers. */
export async function render(page: keyof typeof PAGES, locale: Locale): Promise<string> {
  await initSiteI18n(locale);
  return renderToString(<Root page={PAGES[page]} />);
}

import { useEffect, useState } from 'react';
import { jsonApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

export type SiteBanner = components['schemas']['SiteBannerView'];

export const SITE_BANNERS_PATH = '/public/site-banners';

/** The banners staff set to show now, in their order; empty until loaded, on failure, or when there are none. */
export function useSiteBanners(): SiteBanner[] {
  const [banners, setBanners] = useState<SiteBanner[]>([]);
  useEffect(() => {
    let live = true;
    void jsonApi.get(SITE_BANNERS_PATH, {}, { silent: true }).then((result) => {
      if (live && result.success && Array.isArray(result.data)) setBanners(result.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return banners;
}

/** Only our own paths and https addresses become links (the server checks too). */
export function safeLink(link: string): string | undefined {
  return link.startsWith('https://') || (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\'))
    ? link
    : undefined;
}

// The promotion page's hash routes: #/downloadTemplate and #/agreementTemplate.
// Query values may sit in the page query or after the hash route.

export type PromotionView = 'landing' | 'download' | 'agreement';

/** Query names the promotion page reads and carries on to the borrower login. */
export const PROMOTION_PARAMS = [
  'id',
  'app_from',
  'user_from',
  'utm_tag',
  'links_id',
  'down_id',
  'invite_code',
  'UC',
] as const;

export interface PromotionRoute {
  view: PromotionView;
  params: URLSearchParams;
}

export function parsePromotionRoute(search: string, hash: string): PromotionRoute {
  const params = new URLSearchParams(search);
  const [route = '', hashQuery = ''] = hash.replace(/^#/, '').split('?');
  new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  const view: PromotionView =
    route === '/downloadTemplate' ? 'download' : route === '/agreementTemplate' ? 'agreement' : 'landing';
  return { view, params };
}

/**
 * The channel link's code (`links_id` for the registration form, `down_id`
 * for the download page), sent with every tracked call so the link's funnel
 * counts the visitor; left out when the address has none.
 */
export function linkCodes(params: URLSearchParams): { links_id?: string; down_id?: string } {
  return { links_id: params.get('links_id') || undefined, down_id: params.get('down_id') || undefined };
}

/**
 * Where "Continue in the browser" leads, with the promotion query carried:
 * home for a borrower the registration signed in (issue 33), the login
 * otherwise (a number registered before, or the download page opened
 * directly).
 */
export function continueLink(params: URLSearchParams, signedIn: boolean): string {
  const out = new URLSearchParams();
  for (const name of PROMOTION_PARAMS) {
    const value = params.get(name);
    if (value) out.set(name, value);
  }
  const qs = out.toString();
  return `${signedIn ? '/home' : '/login'}${qs ? `?${qs}` : ''}`;
}

// Everything the pages read from their own URL query: the session parameters
// forwarded on every API call, the header values, product id filling and the
// currency flag. Values seen once are kept in sessionStorage so that in-app
// navigation that drops the query does not lose the session; the currency
// flag is not: it holds for the page whose query carries it, no longer.

/** Session parameters forwarded on every API call (D5: never userId or phone). */
export const SESSION_PARAMS = [
  'sessionId',
  'deviceId',
  'appVersion',
  'clientType',
  'merchantNumber',
  'lang',
] as const;

/** Query values forwarded as request headers: JSON client / form client. */
export const JSON_HEADER_PARAMS = ['building', 'gather'] as const;
export const FORM_HEADER_PARAMS = ['swift', 'eyes'] as const;

/** Everything carried from page to page. */
export const CARRIED_PARAMS = [...SESSION_PARAMS, ...JSON_HEADER_PARAMS, ...FORM_HEADER_PARAMS] as const;

export type CarriedParam = (typeof CARRIED_PARAMS)[number];

const STORAGE_PREFIX = 'hiram.q.';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A carried value: the current URL first, else the one remembered this session. */
export function readCarried(name: CarriedParam, search: string = window.location.search): string {
  const fromUrl = new URLSearchParams(search).get(name);
  const store = storage();
  if (fromUrl !== null && fromUrl !== '') {
    store?.setItem(STORAGE_PREFIX + name, fromUrl);
    return fromUrl;
  }
  return store?.getItem(STORAGE_PREFIX + name) ?? '';
}

/** Forgets the remembered session (log out). */
export function forgetCarried(): void {
  const store = storage();
  for (const name of CARRIED_PARAMS) store?.removeItem(STORAGE_PREFIX + name);
}

/**
 * The session query parameters present for this page, for API calls, and
 * the page's own `real=1`, so that the amounts the server writes carry the
 * same symbol as the ones the page formats.
 */
export function sessionQuery(search?: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of SESSION_PARAMS) {
    const value = readCarried(name, search);
    if (value !== '') out.set(name, value);
  }
  if (currencySymbol(search) === '₹') out.set('real', '1');
  return out;
}

/** All carried parameters present, for links between pages. */
export function carriedQuery(search?: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of CARRIED_PARAMS) {
    const value = readCarried(name, search);
    if (value !== '') out.set(name, value);
  }
  return out;
}

/**
 * A URL (path or absolute) with the carried query added; `extra` wins over
 * carried values, and values already in the URL are kept.
 */
export function withCarriedQuery(url: string, extra: Record<string, string | number> = {}): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  const parsed = new URL(url, window.location.origin);
  const params = carriedQuery();
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  for (const [key, value] of params) {
    if (!parsed.searchParams.has(key) || key in extra) parsed.searchParams.set(key, value);
  }
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `product_id` and `productId` fill each other. Returns a new params object. */
export function fillProductId(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  const a = out.get('product_id');
  const b = out.get('productId');
  if (a && !b) out.set('productId', a);
  if (b && !a) out.set('product_id', b);
  return out;
}

/**
 * Page-root step: remembers the carried parameters. The two product id
 * spellings fill each other where they are read (`pageLoan`,
 * `fillProductId`), not by rewriting the address: a rewrite is a history
 * call that costs a slow phone milliseconds of its start-up (issue 34).
 */
export function rememberCarriedQuery(): void {
  for (const name of CARRIED_PARAMS) readCarried(name);
}

/** The loan a page's query names: its product (either spelling) and its order. */
export function pageLoan(search: URLSearchParams): { productId: string; orderId: string } {
  return { productId: fillProductId(search).get('productId') ?? '', orderId: search.get('orderId') ?? '' };
}

/**
 * ₹ when this page's own query says `real=1` (a market flag kept from the
 * specification, D1), else ₱. Never remembered: the next page without the
 * flag is in pesos again.
 */
export function currencySymbol(search: string = window.location.search): '₱' | '₹' {
  return new URLSearchParams(search).get('real') === '1' ? '₹' : '₱';
}

/** Remembers a carried value for this session (a session id issued at login). */
export function rememberCarried(name: CarriedParam, value: string): void {
  storage()?.setItem(STORAGE_PREFIX + name, value);
}

/**
 * A post-login destination: a same-site path starting with one "/", else
 * `fallback`. Guards against open redirects (`//evil.example`, `/\evil`, schemes).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

// The one request helper (spec §7). Two clients on the /pany prefix:
//   json: Content-Type application/json, headers X-Requested-With, building, gather
//   form: application/x-www-form-urlencoded, headers X-Requested-With, swift, eyes
// Either client posts a FormData body as multipart/form-data (picture uploads).
// Header values and the common session parameters come from the page URL.
// The operator console makes its own client on /api/console without them:
// staff are known by their HttpOnly session cookie, which same-origin calls
// carry (credentials: 'same-origin').
// Every call settles with a normalised result; none rejects.
import { getLocale, t } from '../i18n/i18n';
import {
  FORM_HEADER_PARAMS,
  JSON_HEADER_PARAMS,
  readCarried,
  sessionQuery,
} from '../query/pageQuery';
import { showLoading } from '../ui/loadingStore';
import { IDEMPOTENCY_HEADER, idempotencyKeyFor, settleIdempotencyKey } from './idempotency';
import { showToast } from '../ui/toastStore';
import { markSessionEnded } from '../session/sessionEnded';

export const API_PREFIX = '/pany';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Asked-for toast length; the toast raises it to its 3000 ms default (spec §9). */
export const HELPER_TOAST_MS = 2000;
/** The envelope's code when a borrower call has no live session (D7). */
export const SESSION_ENDED_CODE = '401';

export interface ApiResult<T> {
  success: boolean;
  /** The reply's code as text; "network", "timeout" or "bad_response" when there was none. */
  code: string;
  message: string;
  data: T | null;
  raw: unknown;
}

export interface RequestOptions {
  /** Shows the loading indicator with this text until the reply. */
  loading?: string;
  /** No toast on failure (fire-and-forget calls such as tracking). */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * A create the user may send again (server decision 037): the call goes
   * under an `Idempotency-Key`, the same one while the same body is sent
   * again without a success, so a retry stores nothing twice.
   */
  idempotent?: boolean;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

/** Success only when the code parses as the integer 0 ("0", "00", 0). */
export function isSuccessCode(code: unknown): boolean {
  if (typeof code === 'number') return Number.isInteger(code) && code === 0;
  if (typeof code === 'string') return /^-?\d+$/.test(code) && Number(code) === 0;
  return false;
}

/** Turns a reply body into the normalised result. */
export function normalise<T>(raw: unknown): ApiResult<T> {
  const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const code = body.code;
  return {
    success: isSuccessCode(code),
    code: code === null || code === undefined ? '' : String(code),
    message: typeof body.message === 'string' ? body.message : '',
    data: (body.data ?? null) as T | null,
    raw,
  };
}

function failure<T>(code: string, message: string, raw: unknown = null): ApiResult<T> {
  return { success: false, code, message, data: null, raw };
}

function entries(params: Params | undefined): [string, string][] {
  if (!params) return [];
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)]);
}

export type ClientKind = 'json' | 'form';

/** A request body: fields for the client's encoding, or FormData sent as multipart/form-data. */
export type Body = Params | Record<string, unknown> | FormData;

/** Where a client's calls go and what they carry. */
export interface ClientConfig {
  /** The path prefix of every call; `/pany` (the borrower API) unless given. */
  prefix?: string;
  /**
   * Carry the page's session query and header values (borrower calls, the
   * default). Off for the console, whose session is its cookie.
   */
  carrySession?: boolean;
}

export interface Client {
  get<T>(path: string, params?: Params, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: Body, options?: RequestOptions): Promise<ApiResult<T>>;
}

function buildUrl(config: Required<ClientConfig>, path: string, params?: Params): string {
  // A query written into the path (`/upload?complaintId=7`) is kept, after the session's.
  const [bare = '', written = ''] = path.split(/\?(.*)/s);
  const query = config.carrySession ? sessionQuery() : new URLSearchParams();
  for (const [k, v] of new URLSearchParams(written)) query.set(k, v);
  for (const [k, v] of entries(params)) query.set(k, v);
  const qs = query.toString();
  return `${config.prefix}${bare.startsWith('/') ? bare : `/${bare}`}${qs ? `?${qs}` : ''}`;
}

/**
 * An address the server serves only to this session's borrower (an uploaded
 * picture, `/pany/uploads/…`), with the session query the calls carry, for
 * an `<img src>`.
 */
export function sessionUrl(url: string): string {
  const qs = sessionQuery().toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function headersFor(
  config: Required<ClientConfig>,
  kind: ClientKind,
  body: string | FormData | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (config.carrySession) {
    const names = kind === 'json' ? JSON_HEADER_PARAMS : FORM_HEADER_PARAMS;
    for (const name of names) headers[name] = readCarried(name);
  }
  // A FormData body gets its multipart Content-Type, boundary included, from fetch.
  if (!(body instanceof FormData) && (body !== undefined || kind === 'json')) {
    headers['Content-Type'] = kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  }
  headers.Accept = 'application/json';
  // The server answers in the language the page shows (a carried `lang`
  // still wins there): the console, which carries no session query, would
  // otherwise get the browser's language after its switch (decision 046).
  headers['Accept-Language'] = getLocale() === 'fil' ? 'fil' : 'en-PH';
  return headers;
}

async function send<T>(
  config: Required<ClientConfig>,
  kind: ClientKind,
  method: 'GET' | 'POST',
  path: string,
  params: Params | undefined,
  body: Body | undefined,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);
  const release = options.loading !== undefined ? showLoading(options.loading) : undefined;

  let payload: string | FormData | undefined;
  if (method === 'POST') {
    if (body instanceof FormData) payload = body;
    else if (kind === 'json') payload = JSON.stringify(body ?? {});
    else payload = new URLSearchParams(entries(body as Params | undefined)).toString();
  }

  const headers = headersFor(config, kind, payload);
  const idempotent = method === 'POST' && options.idempotent === true;
  if (idempotent) headers[IDEMPOTENCY_HEADER] = await idempotencyKeyFor(path, body);

  let result: ApiResult<T>;
  try {
    const response = await fetch(buildUrl(config, path, params), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
      // Cookies (the console's session) go with same-origin calls only.
      credentials: 'same-origin',
    });
    // Error replies carry the same envelope with a 4xx/5xx status: read the
    // body whatever the status.
    const text = await response.text();
    let raw: unknown;
    try {
      raw = text ? JSON.parse(text) : null;
    } catch {
      raw = text;
    }
    if (raw !== null && typeof raw === 'object' && 'code' in raw) {
      result = normalise<T>(raw);
    } else {
      result = failure<T>('bad_response', t('error.server'), raw);
    }
  } catch {
    result = timedOut
      ? failure<T>('timeout', t('error.network'))
      : failure<T>('network', t('error.network'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    release?.();
  }

  if (idempotent && result.success) await settleIdempotencyKey(path, body);
  // No session (D7's 401 in the envelope): the page says so and offers to
  // log in again (sessionEnded.ts); a toast that fades would leave the
  // borrower before empty figures.
  if (config.carrySession && result.code === SESSION_ENDED_CODE) {
    markSessionEnded();
    return result;
  }
  if (!result.success && !options.silent && !options.signal?.aborted) {
    showToast(result.message || t('error.server'), HELPER_TOAST_MS);
  }
  return result;
}

export function createClient(kind: ClientKind, config: ClientConfig = {}): Client {
  const settled: Required<ClientConfig> = {
    prefix: config.prefix ?? API_PREFIX,
    carrySession: config.carrySession ?? true,
  };
  return {
    get: (path, params, options) => send(settled, kind, 'GET', path, params, undefined, options),
    post: (path, body, options) => send(settled, kind, 'POST', path, undefined, body, options),
  };
}

/** JSON bodies; headers building and gather. */
export const jsonClient = createClient('json');
/** Form-encoded bodies; headers swift and eyes. */
export const formClient = createClient('form');

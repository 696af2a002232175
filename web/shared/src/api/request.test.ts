import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { getLoading } from '../ui/loadingStore';
import { getToast, hideToast } from '../ui/toastStore';
import { createClient, formClient, isSuccessCode, jsonClient, normalise, REQUEST_TIMEOUT_MS, sessionUrl } from './request';

type FetchArgs = [string, RequestInit];

function reply(body: unknown, status = 200) {
  return vi.fn<(...args: FetchArgs) => Promise<Response>>().mockResolvedValue(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function useFetch(mock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', mock);
  return mock;
}

beforeEach(() => {
  hideToast();
  window.history.replaceState(null, '', '/loanDetails?sessionId=s1&deviceId=d1&appVersion=2.0&clientType=android&merchantNumber=7&lang=en&userId=99&phone=09171234567&building=B&gather=G&swift=S&eyes=E');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the success rule', () => {
  it.each([['0'], ['00'], [0], ['000']])('code %j is success', (code) => {
    expect(isSuccessCode(code)).toBe(true);
  });
  it.each([['0x'], ['abc'], [''], [null], [undefined], ['1'], [1], [-1], ['0.0'], [' 0'], [0.5]])(
    'code %j is not success',
    (code) => {
      expect(isSuccessCode(code)).toBe(false);
    },
  );
});

describe('normalise', () => {
  it('gives the normalised result shape', () => {
    const raw = { code: '00', message: 'ok', data: { a: 1 } };
    expect(normalise(raw)).toEqual({ success: true, code: '00', message: 'ok', data: { a: 1 }, raw });
  });
});

describe('the form client', () => {
  it('posts form-encoded with swift and eyes headers and the session query', async () => {
    const fetch = useFetch(reply({ code: 0, message: '', data: { ok: true } }));
    const result = await formClient.post('/v3/loan-details/loan-details', { productId: 4, orderId: '12' });

    expect(result).toEqual({ success: true, code: '0', message: '', data: { ok: true }, raw: { code: 0, message: '', data: { ok: true } } });
    const [url, init] = fetch.mock.calls[0] as FetchArgs;
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/pany/v3/loan-details/loan-details');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      sessionId: 's1',
      deviceId: 'd1',
      appVersion: '2.0',
      clientType: 'android',
      merchantNumber: '7',
      lang: 'en',
    });
    expect(parsed.searchParams.has('userId')).toBe(false);
    expect(parsed.searchParams.has('phone')).toBe(false);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('productId=4&orderId=12');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.swift).toBe('S');
    expect(headers.eyes).toBe('E');
    expect(headers.building).toBeUndefined();
  });
});

describe('multipart uploads', () => {
  it('posts FormData as is, with the session query and the client headers, leaving Content-Type to fetch', async () => {
    const fetch = useFetch(reply({ code: '00', message: '', data: { url: '/pany/uploads/abc' } }));
    const form = new FormData();
    form.append('problemImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const result = await formClient.post<{ url: string }>('/user-problem/upload-problem-img', form);
    expect(result.data).toEqual({ url: '/pany/uploads/abc' });
    const [url, init] = fetch.mock.calls[0] as FetchArgs;
    expect(url).toBe('/pany/user-problem/upload-problem-img?sessionId=s1&deviceId=d1&appVersion=2.0&clientType=android&merchantNumber=7&lang=en');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    // fetch writes multipart/form-data with its boundary.
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.swift).toBe('S');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
  });
});

describe('a client on another prefix without the borrower session (the console)', () => {
  const staff = createClient('form', { prefix: '/api/console', carrySession: false });

  it('posts form-encoded to the prefix with neither the session query nor its headers, sending cookies', async () => {
    const fetch = useFetch(reply({ code: '00', message: '', data: { id: 1 } }));
    const result = await staff.post('/login', { email: 'a@b.ph', password: 'pw', code: '123456' });
    expect(result.data).toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/console/login');
    expect(init.body).toBe('email=a%40b.ph&password=pw&code=123456');
    expect(init.credentials).toBe('same-origin');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.swift).toBeUndefined();
    expect(headers.eyes).toBeUndefined();
  });

  it('asks the server to answer in the language the page shows', async () => {
    const fetch = useFetch(reply({ code: '00', data: [] }));
    await staff.get('/me');
    await setLocale('fil');
    try {
      await staff.get('/me');
    } finally {
      await setLocale('en');
    }
    const languages = fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Accept-Language']);
    expect(languages).toEqual(['en-PH', 'fil']);
  });

  it('adds GET parameters, and keeps a query written in the path', async () => {
    const fetch = useFetch(reply({ code: '00', data: [] }));
    await staff.get('/complaints', { status: 'open', limit: 100 });
    await staff.post('/complaints/upload-image?complaintId=7', new FormData());
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/console/complaints?status=open&limit=100',
      '/api/console/complaints/upload-image?complaintId=7',
    ]);
  });

  it('keeps a written query after the session query on the borrower clients', async () => {
    const fetch = useFetch(reply({ code: '00', data: null }));
    await formClient.post('/x?a=1', {});
    expect((fetch.mock.calls[0] as FetchArgs)[0]).toBe(
      '/pany/x?sessionId=s1&deviceId=d1&appVersion=2.0&clientType=android&merchantNumber=7&lang=en&a=1',
    );
  });
});

describe('session addresses', () => {
  it('adds the session query the calls carry to a served picture', () => {
    expect(sessionUrl('/pany/uploads/abc')).toBe(
      '/pany/uploads/abc?sessionId=s1&deviceId=d1&appVersion=2.0&clientType=android&merchantNumber=7&lang=en',
    );
    window.history.replaceState(null, '', '/x?sessionId=s2');
    sessionStorage.clear();
    expect(sessionUrl('/pany/uploads/abc?v=1')).toBe('/pany/uploads/abc?v=1&sessionId=s2');
  });
});

describe('the JSON client', () => {
  it('sends JSON with building and gather headers', async () => {
    const fetch = useFetch(reply({ code: '00', message: 'ok', data: null }));
    const result = await jsonClient.post('/thing', { a: 1 });
    expect(result.success).toBe(true);
    const [, init] = fetch.mock.calls[0] as FetchArgs;
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.building).toBe('B');
    expect(headers.gather).toBe('G');
    expect(headers.swift).toBeUndefined();
    expect(init.body).toBe('{"a":1}');
  });

  it('sends empty header values when the query lacks them', async () => {
    window.history.replaceState(null, '', '/x');
    const fetch = useFetch(reply({ code: '0', data: null }));
    await jsonClient.get('/public/company-info', { q: 'v' });
    const [url, init] = fetch.mock.calls[0] as FetchArgs;
    expect(url).toContain('q=v');
    const headers = init.headers as Record<string, string>;
    expect(headers.building).toBe('');
    expect(headers.gather).toBe('');
  });
});

describe('failures', () => {
  it('toasts the message and still returns the normalised result', async () => {
    useFetch(reply({ code: '0x', message: 'Order not found', data: null }));
    const result = await formClient.post('/v3/loan-details/loan-details', {});
    expect(result).toMatchObject({ success: false, code: '0x', message: 'Order not found', data: null });
    expect(getToast()?.message).toBe('Order not found');
    expect(getToast()?.durationMs).toBe(3000);
  });

  it('reads the envelope of a 4xx/5xx reply', async () => {
    useFetch(reply({ code: '40401', message: 'No such order', data: null }, 404));
    const result = await jsonClient.get('/x');
    expect(result).toMatchObject({ success: false, code: '40401', message: 'No such order' });
    expect(getToast()?.message).toBe('No such order');
  });

  it('reads a refusal answered HTTP 200 with its code in the envelope (D7)', async () => {
    useFetch(reply({ code: '429', message: 'Please wait 42 seconds.', data: { retryAfterSeconds: 42 } }));
    const result = await formClient.post('/service/login/send-sms-code-new', { phone: '09171234567' });
    expect(result).toMatchObject({ success: false, code: '429', message: 'Please wait 42 seconds.', data: { retryAfterSeconds: 42 } });
    expect(getToast()?.message).toBe('Please wait 42 seconds.');
  });

  it('treats a reply without an envelope as a failure', async () => {
    useFetch(reply('<html>Bad gateway</html>', 502));
    const result = await jsonClient.get('/x');
    expect(result).toMatchObject({ success: false, code: 'bad_response', data: null });
    expect(getToast()).not.toBeNull();
  });

  it('turns a network failure into a toast and a normalised failure', async () => {
    useFetch(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const result = await formClient.post('/x', {});
    expect(result).toEqual({
      success: false,
      code: 'network',
      message: 'Network error. Please check your connection and try again.',
      data: null,
      raw: null,
    });
    expect(getToast()?.message).toBe('Network error. Please check your connection and try again.');
  });

  it('times out after 60 s', async () => {
    vi.useFakeTimers();
    useFetch(
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    let settled = false;
    const pending = formClient.post('/slow', {}).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ success: false, code: 'timeout' });
    expect(getToast()?.message).toBe('Network error. Please check your connection and try again.');
  });

  it('stays quiet when asked', async () => {
    useFetch(reply({ code: '1', message: 'nope' }));
    await formClient.post('/service/event/save', {}, { silent: true });
    expect(getToast()).toBeNull();
  });
});

describe('loading text', () => {
  it('shows the indicator until the reply', async () => {
    let resolve: (r: Response) => void = () => undefined;
    useFetch(vi.fn(() => new Promise<Response>((r) => (resolve = r))));
    const pending = formClient.post('/x', {}, { loading: 'Loading…' });
    expect(getLoading()).toBe('Loading…');
    resolve(new Response(JSON.stringify({ code: 0, data: null })));
    await pending;
    expect(getLoading()).toBeNull();
  });
});

describe('idempotency keys on creates (server decision 037)', () => {
  /** Answers each call in turn with the next body: a fresh Response each time. */
  function replies(...bodies: unknown[]) {
    let next = 0;
    return vi.fn<(...args: FetchArgs) => Promise<Response>>().mockImplementation(() => {
      const body = bodies[Math.min(next++, bodies.length - 1)];
      if (body instanceof Error) return Promise.reject(body);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
  }
  const keyOf = (call: unknown) => ((call as FetchArgs)[1].headers as Record<string, string>)['Idempotency-Key'];
  const KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const saved = { code: '00', message: '', data: { id: 1 } };

  it('sends a key the server accepts, and none on calls that are not marked', async () => {
    const fetch = useFetch(replies(saved));
    await formClient.post('/book-keeping/save-record', { amount: '100' }, { idempotent: true });
    await formClient.post('/book-keeping/get-list', {});
    expect(keyOf(fetch.mock.calls[0])).toMatch(KEY_SHAPE);
    expect(keyOf(fetch.mock.calls[1])).toBeUndefined();
  });

  it('sends the same key again when the same submit is retried after a failure', async () => {
    const fetch = useFetch(replies(new Error('connection dropped'), { code: '500', message: 'x', data: null }, saved, saved));
    const body = { kind: 'expense', amount: '4500', note: 'pamasahe' };
    await formClient.post('/book-keeping/save-record', body, { idempotent: true });
    await formClient.post('/book-keeping/save-record', { ...body }, { idempotent: true });
    await formClient.post('/book-keeping/save-record', { ...body }, { idempotent: true });
    const [lost, failed, succeeded] = fetch.mock.calls.map(keyOf);
    expect(failed).toBe(lost);
    expect(succeeded).toBe(lost);

    // After the success, the same fields again are a new entry: a new key.
    await formClient.post('/book-keeping/save-record', { ...body }, { idempotent: true });
    expect(keyOf(fetch.mock.calls[3])).not.toBe(lost);
  });

  it('gives a changed body, or another call, its own key', async () => {
    const fetch = useFetch(replies(new Error('offline')));
    await formClient.post('/user-problem/problem-save', { problemDetail: 'a' }, { idempotent: true, silent: true });
    await formClient.post('/user-problem/problem-save', { problemDetail: 'b' }, { idempotent: true, silent: true });
    await formClient.post('/repayment-product/save-repay-product', { problemDetail: 'a' }, { idempotent: true, silent: true });
    const keys = fetch.mock.calls.map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });

  it('keys a picture by its bytes: the same one retried reuses its key, another does not', async () => {
    const fetch = useFetch(replies(new Error('offline')));
    const picture = new Blob(['x'], { type: 'image/png' });
    const formOf = (blob: Blob) => {
      const form = new FormData();
      form.append('image', blob, 'a.png');
      return form;
    };
    await formClient.post('/book-keeping/upload-image', formOf(picture), { idempotent: true, silent: true });
    await formClient.post('/book-keeping/upload-image', formOf(picture), { idempotent: true, silent: true });
    await formClient.post('/book-keeping/upload-image', formOf(new Blob(['y'], { type: 'image/png' })), { idempotent: true, silent: true });
    const [first, retried, other] = fetch.mock.calls.map(keyOf);
    expect(retried).toBe(first);
    expect(other).not.toBe(first);
  });
});

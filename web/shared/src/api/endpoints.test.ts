import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockApi } from '../testing/mockApi';
import { formApi, jsonApi, type Fields, type Reply } from './endpoints';
import type { ApiResult } from './request';
import type { components } from './schema.gen';

beforeEach(() => {
  window.history.replaceState(null, '', '/productDetail?sessionId=s1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calls by path', () => {
  it('go through the request helper with the path, the fields and the session', async () => {
    const api = mockApi({ '/v3/product/detail': { code: '00', message: '', data: { id: 12, name: 'Bangka' } } });
    const result = await formApi.post('/v3/product/detail', { productId: '12' });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Bangka');
    const [url, init] = api.calls('/v3/product/detail')[0]!;
    expect(url).toBe('/pany/v3/product/detail?sessionId=s1');
    expect(init?.body).toBe('productId=12');
  });

  it('send a GET’s fields as the query', async () => {
    const api = mockApi({ '/api/v2/youmi/service/channel/channel-template': { code: '00', message: '', data: null } });
    await jsonApi.get('/api/v2/youmi/service/channel/channel-template', { templateId: 3 });
    expect(api.calls('/api/v2/youmi/service/channel/channel-template')[0]![0]).toBe(
      '/pany/api/v2/youmi/service/channel/channel-template?sessionId=s1&templateId=3',
    );
  });

  it('answer with the documented reply and take the documented fields', () => {
    expectTypeOf(formApi.post('/v3/personal-center/user-info', {})).resolves.toEqualTypeOf<
      ApiResult<components['schemas']['UserInfo']>
    >();
    expectTypeOf<Reply<'/pany/v3/personal-center/contact-kf-info', 'post'>>().toEqualTypeOf<components['schemas']['ContactInfo']>();
    // A number goes as the digits a page holds; the session's own parameters are the helper's.
    expectTypeOf<{ orderId: string }>().toExtend<Fields<'/pany/v3/loan-details/loan-details', 'post'>>();
    expectTypeOf<{ productId: string }>().not.toExtend<Fields<'/pany/v3/loan-details/loan-details', 'post'>>();
    // @ts-expect-error a path the document does not have
    void (() => formApi.post('/v3/no-such-call', {}));
    // @ts-expect-error a field the document does not list
    void (() => formApi.post('/user-problem/save-score', { score: 5, problemId: 7, stars: 5 }));
  });
});

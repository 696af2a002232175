import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockApi } from '../testing/mockApi';
import { formApi, jsonApi, type AnswerAt, type Fields, type Reply } from './endpoints';
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

  it('call an alias at its own path', async () => {
    const api = mockApi({ '/gopia/goya/define': { code: '00', message: '', data: { url: '/productDetail?productId=2' } } });
    const result = await formApi.post('/gopia/goya/define', { productId: 2 });
    expect(result.success && result.data?.url).toBe('/productDetail?productId=2');
    expect(api.calls('/gopia/goya/define')[0]![1]?.body).toBe('productId=2');
  });

  it('answer with the documented reply and take the documented fields', () => {
    expectTypeOf(formApi.post('/v3/personal-center/user-info', {})).resolves.toExtend<
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

  it('type a failure by the replies the document lists for it', () => {
    type Schema = components['schemas'];
    type Success<Answer> = Extract<Answer, { success: true; data: unknown }>['data'];
    type Failure<Answer> = Extract<Answer, { success: false; data: unknown }>['data'];
    type Applying = AnswerAt<'/pany/v3/product/apply', 'post'>;
    expectTypeOf<ReturnType<typeof formApi.post<'/v3/product/apply'>>>().toEqualTypeOf<Promise<Applying>>();
    expectTypeOf<Success<Applying>>().toEqualTypeOf<Schema['Applied'] | null>();
    // A 409 says where to go; a legacy code would come with the 200's shape.
    expectTypeOf<Failure<Applying>>().toEqualTypeOf<Schema['Applied'] | Schema['GoElsewhere'] | null>();
    expectTypeOf<Failure<AnswerAt<'/pany/service/login/send-sms-code-new', 'post'>>>().toEqualTypeOf<
      Schema['CodeSent'] | Schema['RetryLater'] | null
    >();
    expectTypeOf<Failure<AnswerAt<'/pany/v3/certify/save-basic-info', 'post'>>>().toEqualTypeOf<Schema['FieldRefused'] | null>();
  });

  it('take a form of the server’s own items as its body', () => {
    expectTypeOf<Record<string, string>>().toExtend<Fields<'/pany/v3/certify/save-basic-info', 'post'>>();
    expectTypeOf<Record<string, string>>().toExtend<Fields<'/pany/v3/bind-card/bind-card-new', 'post'>>();
    // @ts-expect-error a form's values are text
    void (() => formApi.post('/v3/certify/save-job-info', { monthly_income: 25_000 }));
    // A picture goes as FormData; its multipart fields are not a form's.
    expectTypeOf<Fields<'/pany/credit-info/upload-image', 'post'>>().toEqualTypeOf<Record<string, never>>();
  });

  it('type an alias by its documented twin', () => {
    expectTypeOf<Reply<'/pany/gopia/goya/define', 'post'>>().toEqualTypeOf<Reply<'/pany/v3/loan-details/recommend-jump', 'post'>>();
    expectTypeOf<Fields<'/pany/v3/bind-card/bind-card-change', 'post'>>().toEqualTypeOf<
      Fields<'/pany/v3/bind-card/bind-card-new', 'post'>
    >();
  });
});

import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../../i18n/i18n';
import { linkCodes } from '../promotionRoute';

export const GET_SMS_PATH = '/api/v2/youmi/promotion/get-sms';
export const REGISTER_PATH = '/api/v2/youmi/promotion/register';

/**
 * Promotion answers come with HTTP 200 and a code to branch on: "0" success,
 * "101" / "-1" wrong captcha, "11" already registered. The calls are silent
 * and the page shows the right message itself.
 */
export const PROMO_CODES = {
  ok: '0',
  smsWrongCaptcha: '101',
  registerWrongCaptcha: '-1',
  alreadyRegistered: '11',
} as const;

export interface PromotionContext {
  sid: string;
  appName: string;
  params: URLSearchParams;
}

const from = ({ params }: PromotionContext) => ({
  app_from: params.get('app_from') ?? '',
  user_from: params.get('user_from') ?? '',
  utm_tag: params.get('utm_tag') ?? '',
  ...linkCodes(params),
});

/** `id` is the page's template, so the server can count the codes sent per template. */
export function getSms(ctx: PromotionContext, phone: string, capcode: string) {
  return formApi.post(
    GET_SMS_PATH,
    { phone, capcode, sid: ctx.sid, deviceId: ctx.sid, appName: ctx.appName, id: ctx.params.get('id') ?? '', ...from(ctx) },
    { silent: true, loading: t('common.loading') },
  );
}

export function register(ctx: PromotionContext, phone: string, capcode: string, smsCode: string) {
  return formApi.post(
    REGISTER_PATH,
    {
      phone,
      capcode,
      sid: ctx.sid,
      deviceId: ctx.sid,
      appName: ctx.appName,
      merchantNumber: 0,
      userName: phone,
      smsCode,
      invite_code: ctx.params.get('invite_code') ?? '',
      id: ctx.params.get('id') ?? '',
      ...from(ctx),
    },
    { silent: true, loading: t('common.loading') },
  );
}

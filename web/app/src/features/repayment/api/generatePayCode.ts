import { formApi, type Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type PayCodeIssued = components['schemas']['PayCodeIssued'];

export const GENERATE_PAY_CODE_PATH = '/v3/loan-details/generate-vcode';

/**
 * The order, the amount in centavos and the channel; `isDelay` 1 pays for an
 * extension (decision 012): then `amount` and `delayAmount` are both the
 * extension page's delayInfo.delayAmount.
 */
export type PayCodeRequest = Fields<'/pany/v3/loan-details/generate-vcode', 'post'>;

/**
 * Issues a pay code for `amount` through a channel, or for an extension with
 * isDelay 1; data.payUrl is where to go next.
 */
export function generatePayCode(request: PayCodeRequest) {
  return formApi.post(GENERATE_PAY_CODE_PATH, { ...request }, { loading: t('common.loading') });
}

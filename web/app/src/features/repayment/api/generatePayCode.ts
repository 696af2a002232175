import { formClient } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type PayCodeIssued = components['schemas']['PayCodeIssued'];

export const GENERATE_PAY_CODE_PATH = '/v3/loan-details/generate-vcode';

export interface PayCodeRequest {
  productId: string;
  orderId: string;
  /** Centavos. */
  amount: number;
  channelNumber: number;
}

/** Issues a pay code for `amount` through a channel; data.payUrl is where to go next. */
export function generatePayCode(request: PayCodeRequest) {
  return formClient.post<PayCodeIssued>(GENERATE_PAY_CODE_PATH, { ...request }, { loading: t('common.loading') });
}

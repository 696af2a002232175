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
  /** 1 pays for an extension (decision 012): then `amount` and `delayAmount` are both the offer's delayAmount. */
  isDelay?: 0 | 1;
  /** Centavos: the extension page's delayInfo.delayAmount. */
  delayAmount?: number;
}

/**
 * Issues a pay code for `amount` through a channel, or for an extension with
 * isDelay 1; data.payUrl is where to go next.
 */
export function generatePayCode(request: PayCodeRequest) {
  return formClient.post<PayCodeIssued>(GENERATE_PAY_CODE_PATH, { ...request }, { loading: t('common.loading') });
}

import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

export interface PushAnswer {
  /** The page to show next (order details), without the page's query. */
  lendDetailsUrl: string;
}

export interface PushInput {
  amount: number;
  periods: number;
  termUnit: string;
  productId: string;
  orderId: string;
}

export const LOAN_PUSH_PATH = '/v3/loan-confirm/loan-detail-push';

/** The borrower confirms: the order moves to 170 (disbursing). */
export function pushLoan(input: PushInput) {
  return formClient.post<PushAnswer>(LOAN_PUSH_PATH, { ...input }, { loading: t('common.loading') });
}

import { formApi, type Fields } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const LOAN_PUSH_PATH = '/v3/loan-confirm/loan-detail-push';

/** The loan the borrower confirms: its amount, periods and term unit, for the order. */
export type PushInput = Fields<'/pany/v3/loan-confirm/loan-detail-push', 'post'>;

/** The borrower confirms: the order moves to 170 (disbursing); `lendDetailsUrl` is the page to show next. */
export function pushLoan(input: PushInput) {
  return formApi.post(LOAN_PUSH_PATH, { ...input }, { loading: t('common.loading') });
}

import { formApi, type Fields } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

/** First binding. */
export const BIND_NEW_PATH = '/v3/bind-card/bind-card-new';
/** Replacing the account loans go to now: an alias of the first binding (D6), typed as it. */
export const BIND_CHANGE_PATH = '/v3/bind-card/bind-card-change';
/** Binding from order details, source=loanDetail: an alias of the first binding (D6), typed as it. */
export const BIND_LOAN_DETAIL_PATH = '/v3/bind-card/bind-card-loan-detail';

export type BindPath = typeof BIND_NEW_PATH | typeof BIND_CHANGE_PATH | typeof BIND_LOAN_DETAIL_PATH;

/** The bind form as sent (spec §3 "Bank submission", BankSubmission): each field code → value, plus product_id. */
export type BankSubmission = Fields<'/pany/v3/bind-card/bind-card-new', 'post'>;

/**
 * Binds the account in `form`. Silent: a wrong field answers 400 with its
 * code in `data.field`, and the page shows the message beside that field
 * (any other failure as a toast).
 */
export function bindCard(path: BindPath, form: BankSubmission) {
  return formApi.post(path, form, { loading: t('common.loading'), silent: true });
}

import type { Reply } from '@hiram/shared/api/endpoints';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { FieldRefusal } from '../../../components/form/formItem';

/** First binding. */
export const BIND_NEW_PATH = '/v3/bind-card/bind-card-new';
/** Replacing the account loans go to now (not in the document; it answers as a first binding). */
export const BIND_CHANGE_PATH = '/v3/bind-card/bind-card-change';
/** Binding from order details, source=loanDetail (not in the document; it answers as a first binding). */
export const BIND_LOAN_DETAIL_PATH = '/v3/bind-card/bind-card-loan-detail';

export type BindPath = typeof BIND_NEW_PATH | typeof BIND_CHANGE_PATH | typeof BIND_LOAN_DETAIL_PATH;

/**
 * Binds the account in `form` (spec §3 "Bank submission": field code →
 * value, plus product_id: the fields are the form's own). A wrong field
 * answers 400 with a message the request helper toasts and its code in
 * `data.field`.
 */
export function bindCard(path: BindPath, form: Record<string, string>) {
  return formClient.post<Reply<'/pany/v3/bind-card/bind-card-new', 'post'> | FieldRefusal>(path, form, { loading: t('common.loading') });
}

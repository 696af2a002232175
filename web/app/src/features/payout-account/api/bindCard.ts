import { formClient } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';
import type { FieldRefusal } from '../../../components/form/formItem';

export type BoundAccount = components['schemas']['BoundAccount'];

/** First binding. */
export const BIND_NEW_PATH = '/v3/bind-card/bind-card-new';
/** Replacing the account loans go to now. */
export const BIND_CHANGE_PATH = '/v3/bind-card/bind-card-change';
/** Binding from order details (source=loanDetail). */
export const BIND_LOAN_DETAIL_PATH = '/v3/bind-card/bind-card-loan-detail';

export type BindPath = typeof BIND_NEW_PATH | typeof BIND_CHANGE_PATH | typeof BIND_LOAN_DETAIL_PATH;

/**
 * Binds the account in `form` (spec §3 "Bank submission": field code →
 * value, plus product_id). A wrong field answers 400 with a message the
 * request helper toasts and its code in `data.field`.
 */
export function bindCard(path: BindPath, form: Record<string, string>) {
  return formClient.post<BoundAccount | FieldRefusal>(path, form, { loading: t('common.loading') });
}

import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const USER_DELETE_PATH = '/v3/personal-center/user-delete';

/** Deletes the account; a 409 (a loan is open) toasts the server's message. */
export function deleteUser() {
  return formApi.post(USER_DELETE_PATH, {}, { loading: t('common.loading') });
}

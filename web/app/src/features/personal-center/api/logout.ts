import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const LOGOUT_PATH = '/service/login/logout';

/** Revokes the session carried in the query. */
export function logout() {
  return formApi.post(LOGOUT_PATH, {}, { loading: t('common.loading') });
}

import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const RESET_PASSWORD_PATH = '/service/login/reset-pwd';

/** `code` was sent with purpose reset_pwd. */
export function resetPassword(phone: string, code: string, password: string) {
  return formApi.post(RESET_PASSWORD_PATH, { phone, code, password }, { loading: t('common.loading') });
}

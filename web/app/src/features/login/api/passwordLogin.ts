import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const PASSWORD_LOGIN_PATH = '/service/login/login';

export function passwordLogin(phone: string, password: string) {
  return formApi.post(PASSWORD_LOGIN_PATH, { phone, password }, { loading: t('common.loading') });
}

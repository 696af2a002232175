import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { LoginAnswer } from './smsCodeLogin';

export const PASSWORD_LOGIN_PATH = '/service/login/login';

export function passwordLogin(phone: string, password: string) {
  return formClient.post<LoginAnswer>(PASSWORD_LOGIN_PATH, { phone, password }, { loading: t('common.loading') });
}

import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

export interface LoginAnswer {
  sessionId: string;
  newBorrower: boolean;
}

export const SMS_CODE_LOGIN_PATH = '/service/login/sms-code-login';

export function smsCodeLogin(phone: string, code: string) {
  return formClient.post<LoginAnswer>(SMS_CODE_LOGIN_PATH, { phone, code }, { loading: t('common.loading') });
}

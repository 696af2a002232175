import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const SMS_CODE_LOGIN_PATH = '/service/login/sms-code-login';

export function smsCodeLogin(phone: string, code: string) {
  return formApi.post(SMS_CODE_LOGIN_PATH, { phone, code }, { loading: t('common.loading') });
}

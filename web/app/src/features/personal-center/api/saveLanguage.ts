import { formApi } from '@hiram/shared/api/endpoints';
import type { Locale } from '@hiram/shared/i18n/i18n';

export const USER_LANGUAGE_PATH = '/v3/personal-center/user-language';

/** Remembers the borrower's language on the server, for their SMS (decision 046). */
export function saveLanguage(language: Locale) {
  return formApi.post(USER_LANGUAGE_PATH, { language });
}

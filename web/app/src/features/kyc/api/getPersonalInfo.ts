import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const GET_PERSONAL_INFO_PATH = '/v3/certify/personal-info';

/** The personal information form with the borrower's current answers. */
export function getPersonalInfo() {
  return formApi.post(GET_PERSONAL_INFO_PATH, {}, { loading: t('common.loading') });
}

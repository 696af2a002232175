import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const GET_BASIC_PERSON_INFO_PATH = '/v3/certify/basic-person-info';

/** The basic information form with the borrower's current answers. */
export function getBasicPersonInfo() {
  return formApi.post(GET_BASIC_PERSON_INFO_PATH, {}, { loading: t('common.loading') });
}

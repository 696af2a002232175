import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { SectionForm } from '../form';

export const GET_BASIC_PERSON_INFO_PATH = '/v3/certify/basic-person-info';

/** The basic information form with the borrower's current answers. */
export function getBasicPersonInfo() {
  return formClient.post<SectionForm>(GET_BASIC_PERSON_INFO_PATH, {}, { loading: t('common.loading') });
}

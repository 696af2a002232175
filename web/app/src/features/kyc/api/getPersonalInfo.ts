import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { SectionForm } from '../form';

export const GET_PERSONAL_INFO_PATH = '/v3/certify/personal-info';

/** The personal information form with the borrower's current answers. */
export function getPersonalInfo() {
  return formClient.post<SectionForm>(GET_PERSONAL_INFO_PATH, {}, { loading: t('common.loading') });
}

import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { SectionForm } from '../form';

export const GET_EXT_INFO_PATH = '/v3/certify/ext-info-new';

/** The extra information form with the borrower's current answers. */
export function getExtInfo() {
  return formClient.post<SectionForm>(GET_EXT_INFO_PATH, {}, { loading: t('common.loading') });
}

import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const GET_EXT_INFO_PATH = '/v3/certify/ext-info-new';

/** The extra information form with the borrower's current answers. */
export function getExtInfo() {
  return formApi.post(GET_EXT_INFO_PATH, {}, { loading: t('common.loading') });
}

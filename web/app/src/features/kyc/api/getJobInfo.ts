import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const GET_JOB_INFO_PATH = '/v3/certify/job-info';

/** The job information form with the borrower's current answers. */
export function getJobInfo() {
  return formApi.post(GET_JOB_INFO_PATH, {}, { loading: t('common.loading') });
}

import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { SectionForm } from '../form';

export const GET_JOB_INFO_PATH = '/v3/certify/job-info';

/** The job information form with the borrower's current answers. */
export function getJobInfo() {
  return formClient.post<SectionForm>(GET_JOB_INFO_PATH, {}, { loading: t('common.loading') });
}

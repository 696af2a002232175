import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';
import { useRefetchOnArrival } from '../../../lib/arrival';

/** The sections (their key one of form.ts's SECTION_KEYS), the share answered (0–100) and whether all are. */
export type CertifyList = components['schemas']['CertifyList'];
export type CertifySection = components['schemas']['SectionStatus'];

export const CERTIFY_LIST_PATH = '/v3/certify/certify-list';
export const CERTIFY_LIST_KEY = ['certify-list'] as const;

export function getCertifyList(options: { silent?: boolean } = {}) {
  return formApi.post(CERTIFY_LIST_PATH, {}, options.silent ? { silent: true } : { loading: t('common.loading') });
}

/** The borrower's progress, never fresh from an earlier visit: a section saved since changes it. */
export const certifyListQuery = { queryKey: CERTIFY_LIST_KEY, queryFn: () => getCertifyList(), staleTime: 0 };

/** The list, asked again on every arrival (the start-up's answer counts for the first). */
export function useCertifyList() {
  return useQuery({ ...certifyListQuery, refetchOnMount: useRefetchOnArrival(CERTIFY_LIST_KEY) });
}

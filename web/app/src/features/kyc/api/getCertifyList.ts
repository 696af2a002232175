import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { SectionKey } from '../form';

export interface CertifySection {
  key: SectionKey;
  title: string;
  done: boolean;
}

export interface CertifyList {
  sections: CertifySection[];
  /** 0–100 */
  progress: number;
  complete: boolean;
}

export const CERTIFY_LIST_PATH = '/v3/certify/certify-list';
export const CERTIFY_LIST_KEY = ['certify-list'] as const;

export function getCertifyList(options: { silent?: boolean } = {}) {
  return formClient.post<CertifyList>(CERTIFY_LIST_PATH, {}, options.silent ? { silent: true } : { loading: t('common.loading') });
}

export function useCertifyList() {
  return useQuery({ queryKey: CERTIFY_LIST_KEY, queryFn: () => getCertifyList(), staleTime: 0 });
}

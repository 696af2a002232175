import { useEffect, useState } from 'react';
import { jsonApi } from './endpoints';
import type { components } from './schema.gen';

export type CompanyInfo = components['schemas']['CompanyInfo'];

export const COMPANY_INFO_PATH = '/public/company-info';

/** The lender's public details (SEC MC 19 s.2019), from configuration; null until loaded. */
export function useCompanyInfo(): CompanyInfo | null {
  const [info, setInfo] = useState<CompanyInfo | null>(null);
  useEffect(() => {
    let live = true;
    void jsonApi.get(COMPANY_INFO_PATH, {}, { silent: true }).then((result) => {
      if (live && result.success && result.data) setInfo(result.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return info;
}

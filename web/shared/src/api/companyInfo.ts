import { useEffect, useState } from 'react';
import { whenIdle } from '../browser/whenIdle';
import { jsonApi } from './endpoints';
import type { components } from './schema.gen';

export type CompanyInfo = components['schemas']['CompanyInfo'];

export const COMPANY_INFO_PATH = '/public/company-info';

/**
 * How long a page whose company line is its foot lets its first work go
 * before asking for the line: the call waits for an idle main thread, and
 * at most this long.
 */
const FOOT_LINE_WAIT_MS = 1_000;

/**
 * The lender's public details (SEC MC 19 s.2019), from configuration; null
 * until loaded. `atFoot`: the details are the page's foot line, asked for
 * once the page's first work is done rather than inside it (issue 34: on
 * the promotion page the first effects made one long task).
 */
export function useCompanyInfo({ atFoot = false }: { atFoot?: boolean } = {}): CompanyInfo | null {
  const [info, setInfo] = useState<CompanyInfo | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void jsonApi.get(COMPANY_INFO_PATH, {}, { silent: true }).then((result) => {
        if (live && result.success && result.data) setInfo(result.data);
      });
    if (atFoot) whenIdle(() => live && load(), FOOT_LINE_WAIT_MS);
    else load();
    return () => {
      live = false;
    };
  }, [atFoot]);
  return info;
}

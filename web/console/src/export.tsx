// CSV export of a whole server-paged table: walks every page at the
// largest size the server gives, showing how far it got, then saves the
// file. What is exported is what the filters select, not only the page shown.
import { useState } from 'react';
import type { ApiResult } from '@hiram/shared/api/request';
import { t } from './i18n/i18n';
import { MAX_PAGE_SIZE, type Listing } from './api';
import { csvName, downloadCsv, toCsv, type Cell } from './csv';

interface Props<T> {
  /** The file's name before its date (`orders` → orders-20261122-0930.csv). */
  name: string;
  header: readonly string[];
  fetchPage: (page: number, pageSize: number) => Promise<ApiResult<Listing<T>>>;
  toRow: (row: T) => readonly Cell[];
}

export function ExportButton<T>({ name, header, fetchPage, toRow }: Props<T>) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function run() {
    const rows: T[] = [];
    for (let page = 1; ; page += 1) {
      const result = await fetchPage(page, MAX_PAGE_SIZE);
      if (!result.success || !result.data) {
        setProgress(null);
        return;
      }
      rows.push(...result.data.rows);
      setProgress({ done: rows.length, total: result.data.total });
      if (result.data.rows.length < MAX_PAGE_SIZE || rows.length >= result.data.total) break;
    }
    downloadCsv(csvName(name), toCsv(header, rows.map(toRow)));
    setProgress(null);
  }

  return (
    <button type="button" className="h-btn h-btn--ghost c-btn" disabled={progress !== null} onClick={() => void run()}>
      {progress ? t('console.exporting', { done: progress.done, total: progress.total }) : t('console.exportCsv')}
    </button>
  );
}

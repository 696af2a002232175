import { useState } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { fetchAudit, type AuditRow } from '../api';
import { csvName, downloadCsv, toCsv } from '../csv';
import { compactJson, EmptyRow, PageHead, RefreshButton, SelectFilter } from '../parts';
import { useLoad } from '../useLoad';

const LIMITS = ['100', '250', '500'] as const;
type Limit = (typeof LIMITS)[number];

/**
 * Who did it: a staff member's name with their id (two people may share a
 * name), or the API token (and the system), which have neither.
 */
export function actor(row: AuditRow): string {
  return row.staffId == null ? t('console.audit.token') : t('console.audit.staff', { name: row.staffName ?? '', id: row.staffId });
}

function exportAudit(rows: readonly AuditRow[]) {
  const header = ['id', 'at', 'staffId', 'staffName', 'action', 'subject', 'before', 'after'];
  const cells = rows.map((row) => [
    row.id, formatDateTime(row.at), row.staffId ?? '', row.staffName ?? '', row.action, row.subject, compactJson(row.before),
    compactJson(row.after),
  ]);
  downloadCsv(csvName('audit-log'), toCsv(header, cells));
}

/** The audit log, newest first, as the server keeps it: read, never changed. */
export function AuditPage() {
  const [limit, setLimit] = useState<Limit>('100');
  const log = useLoad(`audit:${limit}`, () => fetchAudit(Number(limit)));
  const rows = log.data ?? [];
  return (
    <section className="c-page" aria-labelledby="c-audit-title">
      <PageHead id="c-audit-title" title={t('console.section.audit')}>
        <SelectFilter
          label={t('console.rows')}
          value={limit}
          choices={LIMITS.map((value) => ({ value, label: value }))}
          onChange={setLimit}
        />
        <RefreshButton onClick={log.reload} loading={log.loading} />
        <button type="button" className="h-btn h-btn--ghost c-btn" disabled={rows.length === 0} onClick={() => exportAudit(rows)}>
          {t('console.exportCsv')}
        </button>
      </PageHead>
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-audit-title">
          <thead>
            <tr>
              <th scope="col">{t('console.col.when')}</th>
              <th scope="col">{t('console.audit.who')}</th>
              <th scope="col">{t('console.audit.action')}</th>
              <th scope="col">{t('console.audit.subject')}</th>
              <th scope="col">{t('console.audit.before')}</th>
              <th scope="col">{t('console.audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={6} loading={log.loading} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="c-nowrap">{formatDateTime(row.at)}</td>
                <td className="c-nowrap">{actor(row)}</td>
                <td className="c-nowrap">
                  <code>{row.action}</code>
                </td>
                <td className="c-nowrap">{row.subject}</td>
                <td className="c-json">
                  <code>{compactJson(row.before)}</code>
                </td>
                <td className="c-json">
                  <code>{compactJson(row.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useAudit, type AuditRow } from '../api';
import { csvName, downloadCsv, toCsv } from '../csv';
import { compactJson, PageHead, Pager, RefreshButton } from '../parts';
import { DataTable } from '../table';

/**
 * Who did it: a staff member's or a staff API token's name with its id
 * (two may share a name), or the system (a server command).
 */
export function actor(row: AuditRow): string {
  if (row.staffId != null) return t('console.audit.staff', { name: row.staffName ?? '', id: row.staffId });
  if (row.apiTokenId != null) return t('console.audit.apiToken', { name: row.apiTokenName ?? '', id: row.apiTokenId });
  return t('console.audit.system');
}

function exportAudit(rows: readonly AuditRow[]) {
  const header = ['id', 'at', 'staffId', 'staffName', 'apiTokenId', 'apiTokenName', 'action', 'subject', 'before', 'after'];
  const cells = rows.map((row) => [
    row.id, formatDateTime(row.at), row.staffId ?? '', row.staffName ?? '', row.apiTokenId ?? '', row.apiTokenName ?? '', row.action,
    row.subject, compactJson(row.before),
    compactJson(row.after),
  ]);
  downloadCsv(csvName('audit-log'), toCsv(header, cells));
}

/**
 * The audit log, newest first, as the server keeps it: read, never changed.
 * A page at a time; one record's history by its subject (`order:12`).
 */
export function AuditPage() {
  const [typed, setTyped] = useState('');
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState(1);
  const log = useAudit(subject, page);
  const rows = log.data?.rows ?? [];

  function follow(event: FormEvent) {
    event.preventDefault();
    setSubject(typed.trim());
    setPage(1);
  }

  return (
    <section className="c-page" aria-labelledby="c-audit-title">
      <PageHead id="c-audit-title" title={t('console.section.audit')}>
        <form className="c-inline-form" role="search" onSubmit={follow}>
          <label htmlFor="c-audit-subject">{t('console.audit.subjectFilter')}</label>
          <input
            id="c-audit-subject"
            className="c-input"
            value={typed}
            maxLength={100}
            placeholder="order:12"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="h-btn h-btn--ghost c-btn">
            {t('console.search')}
          </button>
        </form>
        <RefreshButton onClick={() => void log.refetch()} loading={log.isFetching} />
        <button type="button" className="h-btn h-btn--ghost c-btn" disabled={rows.length === 0} onClick={() => exportAudit(rows)}>
          {t('console.exportCsv')}
        </button>
      </PageHead>
      <DataTable
        labelledBy="c-audit-title"
        rows={rows}
        rowKey={(row) => row.id}
        loading={log.isFetching}
        columns={[
          { header: t('console.col.when'), className: 'c-nowrap', cell: (row) => formatDateTime(row.at) },
          { header: t('console.audit.who'), className: 'c-nowrap', cell: actor },
          { header: t('console.audit.action'), className: 'c-nowrap', cell: (row) => <code>{row.action}</code> },
          { header: t('console.audit.subject'), className: 'c-nowrap', cell: (row) => row.subject },
          { header: t('console.audit.before'), className: 'c-json', cell: (row) => <code>{compactJson(row.before)}</code> },
          { header: t('console.audit.after'), className: 'c-json', cell: (row) => <code>{compactJson(row.after)}</code> },
        ]}
      />
      {log.data && <Pager page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} onPage={setPage} />}
    </section>
  );
}

import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t, type MessageKey } from '../i18n/i18n';
import { useAudit, type AuditRow } from '../api';
import { csvName, downloadCsv, toCsv } from '../csv';
import { compactJson, DateTime, PageHead, Pager, RefreshButton } from '../parts';
import { DataTable } from '../table';
import { auditChanges, type FieldChange } from './diff';

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

/** The actions the server writes to the log (server: `staff.audit(…)`), each named for people. */
const ACTIONS = [
  'adjustment.propose', 'adjustment.approve', 'adjustment.reject',
  'api_token.create', 'api_token.revoke',
  'books.close',
  'borrower.reveal',
  'chart.propose', 'chart.approve', 'chart.reject',
  'collection.contact',
  'company_details.save',
  'complaint.answer', 'complaint.close',
  'exchange_rate.add',
  'journal.propose', 'journal.reverse', 'journal.approve', 'journal.reject',
  'order.approve', 'order.reject',
  'product.create', 'product.update',
  'promotion_link.save', 'promotion_template.save', 'site_banner.save',
  'provisions.propose', 'provisions.approve', 'provisions.reject',
  'refund.propose', 'refund.approve', 'refund.reject',
  'reversal.propose', 'reversal.approve', 'reversal.reject',
  'rule_set.save',
  'staff.create', 'staff.approve_enrolment', 'staff.enrol', 'staff.change_password', 'staff.renew_sign_in',
  'staff.reset_sign_in', 'staff.deactivate', 'staff.reactivate', 'staff.sign_in', 'staff.sign_out',
  'statement.import', 'statement.resolve',
  'unposted_payment.match', 'unposted_payment.reject',
  'write_off.propose', 'write_off.approve', 'write_off.reject',
] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (action: string): action is Action => (ACTIONS as readonly string[]).includes(action);

/** An action as people read it ("Answered a complaint"); one the console does not know yet, as the server names it. */
function actionLabel(action: string): string {
  return isAction(action) ? t(`console.audit.do.${action}` satisfies MessageKey) : action;
}

/** An identifier that may break after its dots, underscores and colons, never inside a word. */
function Code({ text }: { text: string }) {
  const parts = text.split(/(?<=[._:])/);
  return (
    <code>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/** A moment as the server writes it (RFC 3339), which the log shows as Manila's date and time like every other. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A field's value in words: yes or no, a moment in Manila, a list, "(empty)"; nothing as a dash. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && MOMENT.test(value)) return formatDateTime(value);
  if (typeof value === 'boolean') return t(value ? 'console.audit.yes' : 'console.audit.no');
  if (value === '' || (Array.isArray(value) && value.length === 0)) return t('console.audit.empty');
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One field of the change: what it was, crossed, and what it became; a field the action left alone, greyed. */
function ChangeLine({ change }: { change: FieldChange }) {
  let shown: ReactNode;
  if (change.kind === 'same') shown = valueText(change.after);
  else if (change.kind === 'added') shown = <ins>{valueText(change.after)}</ins>;
  else
    shown = (
      <>
        <del>{valueText(change.before)}</del> → <ins>{change.kind === 'removed' ? '—' : valueText(change.after)}</ins>
      </>
    );
  return (
    <li className={change.kind === 'same' ? 'c-diff-same' : undefined}>
      {change.field && <span className="c-diff-field">{change.field}:</span>} {shown}
    </li>
  );
}

/** What the action changed, field by field (decision 087); the raw JSON is in the CSV. */
export function AuditChange({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="c-muted">—</span>;
  return (
    <ul className="c-diff" aria-label={t('console.audit.changeOf', { id: row.id })}>
      {changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </ul>
  );
}

/**
 * The audit log, newest first, as the server keeps it: read, never changed.
 * A row says who did what, when, to which record, and what changed, field by
 * field. A page at a time; one record's history by its subject (`order:12`),
 * typed or chosen in a row.
 */
export function AuditPage() {
  const [typed, setTyped] = useState('');
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState(1);
  const log = useAudit(subject, page);
  const rows = log.data?.rows ?? [];

  function followSubject(next: string) {
    setTyped(next);
    setSubject(next);
    setPage(1);
  }

  function follow(event: FormEvent) {
    event.preventDefault();
    followSubject(typed.trim());
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
        className="c-table--audit"
        rows={rows}
        rowKey={(row) => row.id}
        loading={log.isFetching}
        columns={[
          { header: t('console.col.when'), cell: (row) => <DateTime at={row.at} /> },
          { header: t('console.audit.who'), cell: actor },
          {
            header: t('console.audit.action'),
            // In words, with the server's name for it under them; one the console does not know yet, by that name alone.
            cell: (row) =>
              isAction(row.action) ? (
                <>
                  {actionLabel(row.action)}
                  <div className="c-muted c-small">
                    <Code text={row.action} />
                  </div>
                </>
              ) : (
                <Code text={row.action} />
              ),
          },
          {
            header: t('console.audit.subject'),
            cell: (row) =>
              row.subject === subject ? (
                <Code text={row.subject} />
              ) : (
                <button type="button" className="c-row-btn" aria-label={t('console.audit.historyOf', { subject: row.subject })} onClick={() => followSubject(row.subject)}>
                  <Code text={row.subject} />
                </button>
              ),
          },
          { header: t('console.audit.change'), cell: (row) => <AuditChange row={row} /> },
        ]}
      />
      {log.data && <Pager page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} onPage={setPage} />}
    </section>
  );
}

import { formatDate } from '@hiram/shared/format/format';
import { fillNodes } from '@hiram/shared/i18n/i18n';
import { t } from '../i18n/i18n';
import type { InboxEntry } from '../api';
import { statusLabel } from '../labels';
import { maskedPhone } from '../phone';
import { DataTable, RowButton } from '../table';

interface Props {
  entries: readonly InboxEntry[];
  loading: boolean;
  chosenId: number | undefined;
  onChoose: (entry: InboxEntry) => void;
}

/**
 * The day an answer is due by the end of: the server's deadline is the
 * midnight that ends it, which read as a time names the next day.
 */
export function answerDueDay(dueAt: string): string {
  return t('console.complaints.dueBy', { day: dueDay(dueAt) });
}

function dueDay(dueAt: string): string {
  return formatDate(Date.parse(dueAt) - 1);
}

/** answerDueDay in a narrow column: the words may wrap, the date stays whole. */
function AnswerDue({ dueAt }: { dueAt: string }) {
  return <>{fillNodes(t('console.complaints.dueBy'), { day: <span className="c-nowrap">{dueDay(dueAt)}</span> })}</>;
}

/** Working days left, with the late badge when the answer is overdue. */
export function DueBadge({ entry }: { entry: InboxEntry }) {
  return (
    <>
      <span className="c-days">{t('console.complaints.daysLeft', { n: entry.workingDaysLeft })}</span>
      {entry.late && <span className="c-badge c-badge--late">{t('console.complaints.late')}</span>}
    </>
  );
}

/** The badge of a complaint reopened because its borrower asked for a call back after a low rating. */
export function CallBackBadge({ entry }: { entry: InboxEntry }) {
  if (!entry.callbackRequestedAt) return null;
  return <span className="c-badge c-badge--callback">{t('console.complaints.callBack')}</span>;
}

/** The inbox as given (already by due time), each complaint by the number its borrower has; a row opens it. */
export function ComplaintsTable({ entries, loading, chosenId, onChoose }: Props) {
  return (
    <DataTable
      label={t('console.section.complaints')}
      className="c-table--rows"
      rows={entries}
      rowKey={(entry) => entry.id}
      loading={loading}
      rowProps={(entry) => ({ className: entry.id === chosenId ? 'is-chosen' : undefined, onClick: () => onChoose(entry) })}
      columns={[
        {
          header: t('console.col.complaint'),
          cell: (entry) => (
            <>
              <RowButton label={t('console.complaints.open', { ref: entry.reference })} pressed={entry.id === chosenId} onClick={() => onChoose(entry)}>
                <span className="c-nowrap">{entry.reference}</span>
              </RowButton>
              <div className="c-small c-muted">
                {statusLabel(entry.status)}
                <CallBackBadge entry={entry} />
              </div>
            </>
          ),
        },
        {
          header: t('console.col.due'),
          cell: (entry) => (
            <>
              <div>
                <AnswerDue dueAt={entry.dueAt} />
              </div>
              <DueBadge entry={entry} />
            </>
          ),
        },
        { header: t('console.col.phone'), className: 'c-nowrap', cell: (entry) => maskedPhone(entry.phone) },
        {
          header: t('console.col.detail'),
          className: 'c-prose',
          cell: (entry) => (
            <>
              <div className="c-small c-strong">{entry.subType ? `${entry.problemType} · ${entry.subType}` : entry.problemType}</div>
              <div className="c-clip" title={entry.detail}>
                {entry.detail}
              </div>
            </>
          ),
        },
      ]}
    />
  );
}

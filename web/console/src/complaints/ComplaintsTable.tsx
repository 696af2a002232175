import { formatDateTime, formatPhone } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import type { InboxEntry } from '../api';
import { statusLabel } from '../labels';
import { EmptyRow } from '../parts';

interface Props {
  entries: readonly InboxEntry[];
  loading: boolean;
  chosenId: number | undefined;
  onChoose: (entry: InboxEntry) => void;
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

/** The inbox as given (already by due time); a row opens its complaint. */
export function ComplaintsTable({ entries, loading, chosenId, onChoose }: Props) {
  return (
    <div className="c-table-wrap">
      <table className="c-table c-table--rows" aria-label={t('console.section.complaints')}>
        <thead>
          <tr>
            <th scope="col">{t('console.col.complaint')}</th>
            <th scope="col">{t('console.col.due')}</th>
            <th scope="col">{t('console.col.phone')}</th>
            <th scope="col">{t('console.col.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 && <EmptyRow columns={4} loading={loading} />}
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className={entry.id === chosenId ? 'is-chosen' : undefined}
              onClick={() => onChoose(entry)}
            >
              <td>
                <button
                  type="button"
                  className="c-row-btn"
                  aria-pressed={entry.id === chosenId}
                  aria-label={t('console.complaints.open', { id: entry.id })}
                  onClick={(e) => {
                    e.stopPropagation();
                    onChoose(entry);
                  }}
                >
                  #{entry.id}
                </button>
                <div className="c-small c-muted">{statusLabel(entry.status)}</div>
              </td>
              <td>
                <div className="c-nowrap">{formatDateTime(entry.dueAt).slice(0, 16)}</div>
                <DueBadge entry={entry} />
              </td>
              <td className="c-nowrap">{formatPhone(entry.phone)}</td>
              <td>
                <div className="c-small c-strong">
                  {entry.subType ? `${entry.problemType} · ${entry.subType}` : entry.problemType}
                </div>
                <div className="c-clip" title={entry.detail}>
                  {entry.detail}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useState } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { closeComplaint, pictureUrl, type InboxEntry, type Me } from '../api';
import { statusLabel } from '../labels';
import { RoleNote } from '../parts';
import { maskedPhone } from '../phone';
import { AnswerForm } from './AnswerForm';
import { answerDueDay, CallBackBadge, DueBadge } from './ComplaintsTable';

interface Props {
  entry: InboxEntry | null;
  canAnswer: boolean;
  me: Me;
  /** The complaint as this panel left it (answered or closed). */
  onChanged: (entry: InboxEntry) => void;
}

/**
 * One complaint, by its number: what the borrower wrote and sent, the
 * answer, and what may be done now. One reopened for a call back (the
 * borrower rated the answer 1 or 2 stars) asks for a call and a close, not
 * a new answer: the rated answer stays (decision 091).
 */
export function ComplaintPanel({ entry, canAnswer, me, onChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);

  if (!entry) {
    return (
      <aside className="c-panel c-panel--empty" aria-label={t('console.complaints.panel')}>
        <p className="c-muted">{t('console.complaints.choose')}</p>
      </aside>
    );
  }

  async function close(current: InboxEntry) {
    setClosing(true);
    const result = await closeComplaint(current.id);
    setClosing(false);
    setConfirming(false);
    if (!result.success) return;
    showToast(t('console.complaints.closed'));
    onChanged({ ...current, status: 'closed', late: false });
  }

  const titleId = `c-complaint-${entry.id}`;
  return (
    <aside className="c-panel" aria-labelledby={titleId}>
      <div className="c-panel-head">
        <h2 id={titleId}>{t('console.complaints.title', { ref: entry.reference })}</h2>
        <span className={`c-badge c-badge--${entry.status}`}>{statusLabel(entry.status)}</span>
        <CallBackBadge entry={entry} />
      </div>
      <dl className="c-facts">
        <dt>{t('console.col.type')}</dt>
        <dd>{entry.subType ? `${entry.problemType} · ${entry.subType}` : entry.problemType}</dd>
        <dt>{t('console.col.borrower')}</dt>
        <dd>
          <span className="c-nowrap">{maskedPhone(entry.phone)}</span> <span className="c-muted">({t('console.borrowerId', { id: entry.borrowerId })})</span>
        </dd>
        <dt>{t('console.col.order')}</dt>
        <dd>{entry.orderNo || '—'}</dd>
        <dt>{t('console.col.filed')}</dt>
        <dd>{formatDateTime(entry.filedAt)}</dd>
        <dt>{t('console.col.due')}</dt>
        <dd>
          {answerDueDay(entry.dueAt)} <DueBadge entry={entry} />
        </dd>
      </dl>
      <h3 className="c-sub">{t('console.complaints.detail')}</h3>
      <p className="c-text">{entry.detail}</p>
      {entry.images.length > 0 && (
        <ul className="c-pictures" aria-label={t('console.complaints.pictures')}>
          {entry.images.map((url, i) => (
            <li key={url}>
              <a href={pictureUrl(url)} target="_blank" rel="noreferrer">
                <img src={pictureUrl(url)} alt={t('console.complaints.picture', { n: i + 1 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {entry.answer && (
        <section className="c-answer" aria-label={t('console.complaints.answer')}>
          <h3 className="c-sub">{t('console.complaints.answeredBy', { agent: entry.assignee })}</h3>
          <p className="c-text">{entry.answer}</p>
          {entry.score != null && !entry.callbackRequestedAt && (
            <p className="c-muted">{t('console.complaints.score', { score: entry.score })}</p>
          )}
        </section>
      )}
      {entry.callbackRequestedAt && (
        <p className="c-note c-note--callback">
          {t('console.complaints.callBackText', { score: entry.score ?? '', at: formatDateTime(entry.callbackRequestedAt) })}
        </p>
      )}
      {canAnswer && entry.status === 'open' && !entry.callbackRequestedAt && (
        <AnswerForm
          key={entry.id}
          complaintId={entry.id}
          onAnswered={(answer) => onChanged({ ...entry, status: 'answered', late: false, answer, assignee: me.name })}
        />
      )}
      {!canAnswer && entry.status !== 'closed' && <RoleNote me={me} permission="answer_complaints" />}
      {canAnswer && entry.status !== 'closed' && (
        <p>
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={() => setConfirming(true)}>
            {t('console.complaints.close')}
          </button>
        </p>
      )}
      <Modal
        open={confirming}
        title={t('console.complaints.closeTitle', { ref: entry.reference })}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="h-btn h-btn--ghost c-btn" onClick={() => setConfirming(false)}>
              {t('console.cancel')}
            </button>
            <button type="button" className="h-btn c-btn" disabled={closing} onClick={() => void close(entry)}>
              {t('console.complaints.close')}
            </button>
          </>
        }
      >
        <p>{t('console.complaints.closeText')}</p>
      </Modal>
    </aside>
  );
}

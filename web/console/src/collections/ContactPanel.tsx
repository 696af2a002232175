import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';
import {
  CONTACT_CHANNELS,
  COLLECTIONS_KEY,
  CONTACT_OUTCOMES,
  logContact,
  MAX_CONTACT_NOTE,
  type CollectionRow,
  type ContactChannel,
  type ContactOutcome,
  useContacts,
} from '../api';
import { contactLabel } from '../labels';
import { SelectFilter } from '../parts';
import { maskedPhone } from '../phone';
import { namedField } from '../refusal';

/**
 * A contact with the loan's borrower: how, what came of it, and a note.
 * The server decides whether the contact hours allow it now; its refusal is
 * shown here as the form's error. A logged contact changes the loan's log
 * and the queue's last contact.
 */
function ContactForm({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [outcome, setOutcome] = useState<ContactOutcome>('reached');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  /** Whether the refusal is about the note (too long), not the contact as a whole (the hour, the loan). */
  const [noteRefused, setNoteRefused] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await logContact(orderId, channel, outcome, note.trim());
    setSaving(false);
    if (!result.success) {
      setError(result.message || t('error.server'));
      setNoteRefused(namedField(result) === 'note');
      return;
    }
    setError('');
    setNoteRefused(false);
    setNote('');
    showToast(t('console.collections.saved'));
    void queryClient.invalidateQueries({ queryKey: [COLLECTIONS_KEY] });
  }

  return (
    <form className="c-answer-form" onSubmit={(e) => void save(e)} aria-label={t('console.collections.log')} noValidate>
      <h3 className="c-sub">{t('console.collections.log')}</h3>
      <div className="c-form-row">
        <SelectFilter
          label={t('console.collections.channel')}
          value={channel}
          choices={CONTACT_CHANNELS.map((value) => ({ value, label: contactLabel(value) }))}
          onChange={setChannel}
        />
        <SelectFilter
          label={t('console.collections.outcome')}
          value={outcome}
          choices={CONTACT_OUTCOMES.map((value) => ({ value, label: contactLabel(value) }))}
          onChange={setOutcome}
        />
      </div>
      <label htmlFor={noteId} className="c-label">
        {t('console.collections.note')}
      </label>
      <textarea
        id={noteId}
        className="h-input c-textarea"
        rows={3}
        maxLength={MAX_CONTACT_NOTE}
        value={note}
        onChange={(e) => setNote(e.target.value.slice(0, MAX_CONTACT_NOTE))}
        aria-invalid={noteRefused ? true : undefined}
        aria-describedby={noteRefused ? `${noteId}-error ${noteId}-count` : `${noteId}-count`}
      />
      <div className="c-form-row">
        <span id={`${noteId}-count`} className="c-muted c-small">
          {t('console.answer.count', { n: note.length, max: MAX_CONTACT_NOTE })}
        </span>
        <button type="submit" className="h-btn c-btn" disabled={saving}>
          {t('console.collections.save')}
        </button>
      </div>
      {error && (
        <p id={`${noteId}-error`} className="h-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

interface Props {
  row: CollectionRow | null;
  canLog: boolean;
}

/** The chosen overdue loan: its borrower, its contacts so far, and the contact form. */
export function ContactPanel({ row, canLog }: Props) {
  if (!row) {
    return (
      <aside className="c-panel c-panel--empty" aria-label={t('console.collections.panel')}>
        <p className="c-muted">{t('console.collections.choose')}</p>
      </aside>
    );
  }
  return <ChosenLoan row={row} canLog={canLog} />;
}

function ChosenLoan({ row, canLog }: Props & { row: CollectionRow }) {
  const contacts = useContacts(row.orderId);
  const titleId = `c-collection-${row.orderId}`;
  const logged = contacts.data ?? [];
  return (
    <aside className="c-panel" aria-labelledby={titleId}>
      <div className="c-panel-head">
        <h2 id={titleId}>{t('console.collections.title', { no: row.orderNo })}</h2>
        <span className="c-badge">{row.bucket}</span>
      </div>
      <dl className="c-facts">
        <dt>{t('console.col.borrower')}</dt>
        <dd>
          {row.borrowerName} <span className="c-muted c-nowrap">{maskedPhone(row.borrowerPhone)}</span>
        </dd>
        <dt>{t('console.col.daysPastDue')}</dt>
        <dd>{t('console.collections.days', { n: row.daysPastDue })}</dd>
        <dt>{t('console.col.owed')}</dt>
        <dd>{formatMoney(row.amountOwed, '₱')}</dd>
      </dl>
      <p className="c-notice c-small">{t('console.collections.rule')}</p>
      <h3 className="c-sub">{t('console.collections.history')}</h3>
      {logged.length === 0 ? (
        <p className="c-muted">{contacts.isFetching ? t('common.loading') : t('console.collections.none')}</p>
      ) : (
        <ol className="c-contacts" aria-label={t('console.collections.history')}>
          {logged.map((contact) => (
            <li key={contact.id}>
              <div className="c-small c-muted">
                {formatDateTime(contact.at)} ·{' '}
                {t(contact.apiToken ? 'console.collections.byToken' : 'console.collections.by', {
                  channel: contactLabel(contact.channel),
                  staff: contact.staff,
                })}
              </div>
              <div className="c-strong">{contactLabel(contact.outcome)}</div>
              {contact.note && <p className="c-text">{contact.note}</p>}
              <div className="c-small c-muted">
                {t('console.collections.days', { n: contact.daysPastDue })} · {contactLabel(contact.basis)}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canLog && <ContactForm orderId={row.orderId} />}
    </aside>
  );
}

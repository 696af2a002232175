import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { closeReminder } from './api/closeReminder';
import { REPAY_KEY, type RepayItem } from './api/repayIndex';
import { useRepayList } from './api/repayList';
import { setReminder, type ReminderTarget } from './api/setReminder';
import { dueText, nextTextAt } from './dueText';
import { DAYS_BEFORE_CHOICES, DEFAULT_TIME, FIRST_TIME, LAST_TIME } from './rules';
import { Link } from '../../components/Link';

/** The reminder form of one loan or bill, mounted once it is known. */
function ReminderForm({ item, target }: { item: RepayItem; target: ReminderTarget }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reminder = item.reminder;
  const [daysBefore, setDaysBefore] = useState(reminder?.daysBefore ?? 1);
  const [time, setTime] = useState(reminder?.time ?? DEFAULT_TIME);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const whenId = useId();

  const done = (message: string) => {
    showToast(message, undefined, { keepOnNavigation: true });
    // Marked stale only: the list refetches as it opens, and this page's own
    // query (a bill just deleted) must not be asked for again.
    void queryClient.invalidateQueries({ queryKey: [REPAY_KEY], refetchType: 'none' });
    void navigate(appLink('/repaymentReminders'), { replace: true });
  };

  // The server is the judge of the hours and the format; its message shows
  // under the time, in place of the hours' hint (which it repeats), and
  // nowhere else: no toast.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const saved = await setReminder(target, daysBefore, time);
    setBusy(false);
    if (saved.success) done(saved.message);
    else if (saved.code === '400') setError(saved.message);
    else showToast(saved.message || t('error.server'));
  };

  const turnOff = async () => {
    if (busy) return;
    setBusy(true);
    const closed = await closeReminder(target);
    setBusy(false);
    if (closed.success) done(closed.message);
  };

  return (
    <form className="app-stack" noValidate onSubmit={(event) => void submit(event)}>
      <section className="h-card">
        <div className="app-head-row">
          <h2 className="app-section-title app-break">{t('reminder.for', { name: item.name })}</h2>
          <strong>{formatMoney(item.amount)}</strong>
        </div>
        {item.orderNo && <p className="app-small app-muted">{t('reminder.loan', { orderNo: item.orderNo })}</p>}
        <p className="app-small">{dueText(item)}</p>
        {reminder?.on && reminder.nextAt && (
          <p className="app-small app-muted">{t('reminder.next', { at: nextTextAt(reminder.nextAt) })}</p>
        )}
      </section>
      <section className="h-card">
        <div className="h-field">
          <label htmlFor={whenId}>{t('reminder.when')}</label>
          <select
            id={whenId}
            className="h-input"
            value={daysBefore}
            onChange={(e) => setDaysBefore(Number(e.target.value))}
          >
            {DAYS_BEFORE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('reminder.onDueDate') : t('reminder.daysBefore', { n })}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('reminder.time')}
          type="time"
          step={60}
          min={FIRST_TIME}
          max={LAST_TIME}
          value={time}
          hint={error ? undefined : t('reminders.smsHours')}
          error={error}
          onChange={(e) => {
            setTime(e.target.value);
            setError(undefined);
          }}
        />
      </section>
      <button type="submit" className="h-btn h-btn--block" disabled={busy}>
        {t('reminder.save')}
      </button>
      {reminder?.on && (
        <button type="button" className="h-btn h-btn--ghost h-btn--block" disabled={busy} onClick={() => void turnOff()}>
          {t('reminder.turnOff')}
        </button>
      )}
    </form>
  );
}

/** Sets, changes or turns off the SMS reminder of a bill or of one of the borrower's loans (query `kind`, `id`). */
export default function ReminderPage() {
  const [search] = useSearchParams();
  const kind = search.get('kind') === 'order' ? 'order' : 'bill';
  const id = search.get('id') ?? '';
  const { data: result, isPending } = useRepayList();
  const list = result?.success ? result.data : null;
  const item = (kind === 'order' ? list?.orders : list?.bills)?.find((entry) => String(entry.id) === id);

  return (
    <>
      <PageHeader title={t('page.repaymentReminder')} />
      <main className="app-main">
        {item && <ReminderForm key={`${kind}-${id}`} item={item} target={{ kind, id }} />}
        {!item && !isPending && (
          <div className="app-stack">
            <p className="app-muted">{t('reminder.missing')}</p>
            <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/repaymentReminders')}>
              {t('page.repaymentReminders')}
            </Link>
          </div>
        )}
      </main>
    </>
  );
}

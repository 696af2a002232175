import { formatMoney } from '@hiram/shared/format/format';
import { statusName } from '@hiram/shared/i18n/glossary';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useRepayIndex, type RepayItem } from './api/repayIndex';
import { useRepayList } from './api/repayList';
import { dueText } from './dueText';
import { Link } from '../../components/Link';

/** One loan or bill: what is due when, its reminder, and what can be done with it. */
function ItemCard({ item }: { item: RepayItem }) {
  const reminder = item.reminder;
  const on = reminder?.on === true;
  return (
    <li className="h-card" aria-label={item.name}>
      <div className="app-head-row">
        <h3 className="app-section-title app-break">{item.name}</h3>
        <strong>{formatMoney(item.amount)}</strong>
      </div>
      {item.orderNo && <p className="app-small app-muted">{t('reminder.loan', { orderNo: item.orderNo })}</p>}
      <p className="app-small">
        {dueText(item)}
        {item.repeat !== 'none' && ` · ${item.repeatText}`}
      </p>
      <p className="app-small app-muted">
        {on ? t('reminders.reminderOn', { text: reminder.text }) : t('reminders.reminderOff')}
      </p>
      <div className="app-toplinks">
        {item.kind === 'bill' && (
          <Link to={appLink('/repaymentBill', { repayProductId: item.id })}>{t('reminders.edit')}</Link>
        )}
        <Link to={appLink('/repaymentReminder', { kind: item.kind, id: item.id })}>
          {on ? t('reminders.changeReminder') : t('reminders.setReminder')}
        </Link>
      </div>
    </li>
  );
}

/** An order's status once past its due date (decision D3): its glossary name heads the overdue loans. */
const OVERDUE_STATUS = 180;

/** Loans past their due date: what the overview lists with them (only loans are: a bill that passed is not). */
const isOverdue = (item: RepayItem) => typeof item.daysLeft === 'number' && item.daysLeft < 0;

/** The overview's lines: name and when, the amount on the right; `late` marks them overdue. */
function DueList({ items, late = false }: { items: readonly RepayItem[]; late?: boolean }) {
  return (
    <ul className="app-plan">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <span>
            <span className="app-block">{item.name}</span>
            <span className={late ? 'app-small app-overdue-when' : 'app-small app-muted'}>{dueText(item)}</span>
          </span>
          <strong>{formatMoney(item.amount)}</strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * Repayment reminders (spec §7 `/repayment-product/*`): the loans already
 * overdue under their own heading, what falls due in the next 30 days, the
 * borrower's loans with us (listed by themselves) and the bills they added,
 * each with its SMS reminder.
 */
export default function RemindersPage() {
  const { data: indexResult } = useRepayIndex();
  const { data: listResult } = useRepayList();
  const overview = indexResult?.success ? indexResult.data : null;
  const list = listResult?.success ? listResult.data : null;
  // The server lists overdue loans among what falls due (and counts them in
  // its total); a loan 9 days late is not "due in the next 30 days".
  const overdue = overview?.upcoming.filter(isOverdue) ?? [];
  const comingUp = overview?.upcoming.filter((item) => !isOverdue(item)) ?? [];
  const overdueTotal = overdue.reduce((sum, item) => sum + item.amount, 0);

  return (
    <>
      <PageHeader title={t('page.repaymentReminders')} />
      <main className="app-main app-stack">
        {overdue.length > 0 && (
          <section className="h-card app-overdue" aria-labelledby="reminders-overdue">
            <h2 id="reminders-overdue" className="app-section-title">
              {statusName(OVERDUE_STATUS)}
            </h2>
            <p className="app-amount">{formatMoney(overdueTotal)}</p>
            <DueList items={overdue} late />
          </section>
        )}
        {overview && (
          <section className="h-card" aria-labelledby="reminders-upcoming">
            <h2 id="reminders-upcoming" className="app-section-title">
              {t('reminders.upcoming', { n: overview.windowDays })}
            </h2>
            <p className="app-amount">{formatMoney(overview.upcomingTotal - overdueTotal)}</p>
            {comingUp.length === 0 ? (
              <p className="app-muted">{t('reminders.nothingDue', { n: overview.windowDays })}</p>
            ) : (
              <DueList items={comingUp} />
            )}
            <p className="app-small app-muted">{t('reminders.remindersOn', { n: overview.remindersOn })}</p>
          </section>
        )}
        {list && (
          <>
            <section aria-labelledby="reminders-loans">
              <h2 id="reminders-loans" className="app-section-title">
                {t('reminders.loans')}
              </h2>
              {list.orders.length === 0 ? (
                <p className="app-muted">{t('reminders.noLoans')}</p>
              ) : (
                <ul className="app-products">
                  {list.orders.map((item) => (
                    <ItemCard key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="reminders-bills">
              <h2 id="reminders-bills" className="app-section-title">
                {t('reminders.bills')}
              </h2>
              {list.bills.length === 0 ? (
                <p className="app-muted">{t('reminders.noBills')}</p>
              ) : (
                <ul className="app-products">
                  {list.bills.map((item) => (
                    <ItemCard key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </section>
            <Link className="h-btn h-btn--block" to={appLink('/repaymentBill')}>
              {t('reminders.addBill')}
            </Link>
            <p className="app-hint">{t('reminders.smsHours')}</p>
          </>
        )}
      </main>
    </>
  );
}

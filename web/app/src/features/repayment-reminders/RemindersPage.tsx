import { Link } from 'react-router';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useRepayIndex, type RepayItem } from './api/repayIndex';
import { useRepayList } from './api/repayList';
import { dueText } from './dueText';

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

/**
 * Repayment reminders (spec §7 `/repayment-product/*`): what falls due in the
 * next 30 days, the borrower's loans with us (listed by themselves) and the
 * bills they added, each with its SMS reminder.
 */
export default function RemindersPage() {
  const { data: indexResult } = useRepayIndex();
  const { data: listResult } = useRepayList();
  const overview = indexResult?.success ? indexResult.data : null;
  const list = listResult?.success ? listResult.data : null;

  return (
    <>
      <PageHeader title={t('page.repaymentReminders')} />
      <main className="app-main app-stack">
        {overview && (
          <section className="h-card" aria-labelledby="reminders-upcoming">
            <h2 id="reminders-upcoming" className="app-section-title">
              {t('reminders.upcoming', { n: overview.windowDays })}
            </h2>
            <p className="app-amount">{formatMoney(overview.upcomingTotal)}</p>
            {overview.upcoming.length === 0 ? (
              <p className="app-muted">{t('reminders.nothingDue', { n: overview.windowDays })}</p>
            ) : (
              <ul className="app-plan">
                {overview.upcoming.map((item) => (
                  <li key={`${item.kind}-${item.id}`}>
                    <span>
                      <span className="app-block">{item.name}</span>
                      <span className="app-small app-muted">{dueText(item)}</span>
                    </span>
                    <strong>{formatMoney(item.amount)}</strong>
                  </li>
                ))}
              </ul>
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

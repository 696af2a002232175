import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import type { LoanDetails } from './api/getLoanDetails';

/**
 * One running balance (issue 33): what was paid, what is owed today and the
 * next amount with its day, as the server works them out to the day from the
 * loan's ledger and account, so every payment, extension and penalty shows.
 * Paying the whole loan off today is shown too when it costs less than the
 * next payment, as the payment page's headline then is, with why it costs
 * more than what is owed today.
 */
export function BalanceCard({ balance }: { balance: NonNullable<LoanDetails['balance']> }) {
  const nextDue =
    balance.nextDueDate === ''
      ? null
      : t('loanDetails.nextDueValue')
          .replace('{amount}', formatMoney(balance.nextDueAmount))
          .replace('{date}', formatDay(balance.nextDueDate));
  // Closing the loan today is shown when it costs less than the next
  // payment; when it costs more than what is owed today (interest to the
  // agreement's early-repayment day), the card says why the two differ.
  const showsPayoff = nextDue !== null && balance.payoffToday < balance.nextDueAmount;
  return (
    <section className="h-card" aria-labelledby="balance-title" data-testid="running-balance">
      <h3 id="balance-title">{t('loanDetails.balanceTitle')}</h3>
      <dl>
        <div className="app-row">
          <dt>{t('loanDetails.paid')}</dt>
          <dd>{formatMoney(balance.paid)}</dd>
        </div>
        <div className="app-row">
          <dt>{t('loanDetails.owedToday')}</dt>
          <dd>{formatMoney(balance.owedToday)}</dd>
        </div>
        {nextDue && (
          <div className="app-row">
            <dt>{t('loanDetails.nextDue')}</dt>
            <dd>{nextDue}</dd>
          </div>
        )}
        {showsPayoff && (
          <div className="app-row">
            <dt>{t('loanDetails.payoffToday')}</dt>
            <dd>{formatMoney(balance.payoffToday)}</dd>
          </div>
        )}
      </dl>
      {showsPayoff && balance.payoffToday > balance.owedToday && (
        <p className="app-muted app-small">
          {t('loanDetails.payoffAbove', { amount: formatMoney(balance.payoffToday - balance.owedToday) })}
        </p>
      )}
      {balance.settledNote && <p className="app-muted app-small">{balance.settledNote}</p>}
    </section>
  );
}

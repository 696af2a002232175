import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';

/** A month's income, expenses and what is left, from centavos. */
export function MonthTotals({ income, expense, balance }: { income: number; expense: number; balance: number }) {
  return (
    <dl className="bk-totals h-card">
      <div>
        <dt>{t('book.income')}</dt>
        <dd className="bk-in">{formatMoney(income)}</dd>
      </div>
      <div>
        <dt>{t('book.expense')}</dt>
        <dd className="bk-out">{formatMoney(expense)}</dd>
      </div>
      <div>
        <dt>{t('book.balance')}</dt>
        <dd className={balance < 0 ? 'bk-out' : undefined}>{formatMoney(balance)}</dd>
      </div>
    </dl>
  );
}

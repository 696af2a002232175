import { t } from './texts';
import { monthTitle, shiftMonth } from './rules';

/**
 * The month shown, with buttons to the one before and after. No month after
 * this one in Manila (`current`): nothing can be recorded there yet.
 */
export function MonthSwitcher({
  month,
  current,
  onChange,
}: {
  month: string;
  current: string;
  onChange: (month: string) => void;
}) {
  return (
    <nav className="bk-months" aria-label={t('book.month')}>
      <button
        type="button"
        className="h-icon-btn"
        aria-label={t('book.previousMonth')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        ‹
      </button>
      <h2 aria-live="polite">{monthTitle(month)}</h2>
      <button
        type="button"
        className="h-icon-btn"
        aria-label={t('book.nextMonth')}
        disabled={month >= current}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        ›
      </button>
    </nav>
  );
}

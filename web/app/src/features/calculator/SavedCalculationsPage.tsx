import { formatDayTime, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useSavedCalculations } from './api/calc';
import { Link } from '../../components/Link';

/** The calculations the borrower kept, newest first (`/calc/list-loan`). */
export default function SavedCalculationsPage() {
  const { data: result } = useSavedCalculations();
  const list = result?.success ? (result.data?.list ?? []) : null;
  return (
    <>
      <PageHeader title={t('page.savedCalculations')} />
      <main className="app-main app-stack">
        <div className="app-toplinks">
          <Link to={appLink('/calculator')}>{t('page.calculator')}</Link>
        </div>
        {list && list.length === 0 && <p className="app-muted app-center">{t('calc.noneSaved')}</p>}
        {list && list.length > 0 && (
          <ul className="app-menu">
            {list.map((saved) => (
              <li key={saved.id}>
                <Link className="app-complaint" to={appLink('/calculator/saved/detail', { id: saved.id })}>
                  <strong>{saved.name || formatMoney(saved.input.amount)}</strong>
                  <span className="app-small">
                    {t('calc.savedLine', {
                      amount: formatMoney(saved.input.amount),
                      payment: formatMoney(saved.firstPayment),
                      n: saved.input.payments,
                    })}
                  </span>
                  <span className="app-small app-muted">{formatDayTime(saved.savedAt) || saved.savedAt}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useStatistics, type ShareView } from './api/dataStatistics';
import { BarChart } from './BarChart';
import { CategoryIcon } from './CategoryIcon';
import { MonthSwitcher } from './MonthSwitcher';
import { MonthTotals } from './MonthTotals';
import { formatPercent } from '@hiram/shared/format/format';
import { type Kind } from './rules';
import './bookKeeping.css';
import { Link } from '../../components/Link';

function Shares({ shares, kind }: { shares: readonly ShareView[]; kind: Kind }) {
  if (shares.length === 0) return <p className="app-muted">{t('book.noneThisMonth')}</p>;
  return (
    <ul className="bk-shares">
      {shares.map((share) => (
        <li key={share.category}>
          <span className={`bk-icon bk-icon--${kind}`}>
            <CategoryIcon icon={share.icon} />
          </span>
          <span className="bk-share-text">
            <span className="bk-share-head">
              <span>{share.title}</span>
              <strong>{formatPercent(share.share)}</strong>
            </span>
            {/* The share as a bar: basis points of 10 000 are hundredths of a per cent. */}
            <span className="bk-share-bar" aria-hidden="true">
              <span className={`bk-share-fill--${kind}`} style={{ width: `${share.share / 100}%` }} />
            </span>
            <span className="app-small app-muted">{formatMoney(share.amount)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A month's statistics (`/bookKeepingStatistics?month=YYYY-MM`): its totals,
 * six months of income and expenses as a bar chart, and where the money went
 * (or came from) by category, each with its share.
 */
export default function StatisticsPage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const { data: result } = useStatistics(asked);
  const stats = result?.success ? result.data : null;
  const [kind, setKind] = useState<Kind>('expense');
  const ids = useId();

  const showMonth = (next: string) => {
    const query = new URLSearchParams(search);
    query.set('month', next);
    setSearch(query, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('page.bookKeepingStatistics')} />
      <main className="app-main app-stack">
        {stats && (
          <>
            <MonthSwitcher month={stats.month} current={stats.currentMonth} onChange={showMonth} />
            <MonthTotals income={stats.income} expense={stats.expense} balance={stats.balance} />
            <section className="h-card" aria-labelledby={`${ids}-months`}>
              <h3 id={`${ids}-months`} className="app-section-title">
                {t('book.lastMonths')}
              </h3>
              <BarChart months={stats.months} />
            </section>
            <section className="h-card" aria-labelledby={`${ids}-by`}>
              <h3 id={`${ids}-by`} className="app-section-title">
                {t('book.byCategory')}
              </h3>
              <div className="app-tabs" role="tablist" aria-label={t('book.kind')}>
                {(['expense', 'income'] as const).map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    role="tab"
                    id={`${ids}-tab-${choice}`}
                    aria-selected={kind === choice}
                    aria-controls={`${ids}-panel`}
                    className="app-tab"
                    onClick={() => setKind(choice)}
                  >
                    {t(choice === 'expense' ? 'book.expense' : 'book.income')}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${kind}`}>
                <Shares shares={kind === 'expense' ? stats.expenseByCategory : stats.incomeByCategory} kind={kind} />
              </div>
            </section>
            <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/bookKeeping', { month: stats.month })}>
              {t('book.backToList')}
            </Link>
          </>
        )}
      </main>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useMonthList, type RecordView } from './api/getList';
import { CategoryIcon } from './CategoryIcon';
import { MonthSwitcher } from './MonthSwitcher';
import { MonthTotals } from './MonthTotals';
import { signedAmount } from './rules';
import './bookKeeping.css';
import { Link } from '../../components/Link';

/** The entries grouped by date, in the server's order (latest first). */
function byDate(records: readonly RecordView[]): [string, RecordView[]][] {
  const groups: [string, RecordView[]][] = [];
  for (const record of records) {
    const last = groups[groups.length - 1];
    if (last && last[0] === record.date) last[1].push(record);
    else groups.push([record.date, [record]]);
  }
  return groups;
}

/**
 * The income and expense book (`/bookKeeping?month=YYYY-MM`): a month's
 * totals and entries, a month switcher, and the way to add an entry or see
 * the month's statistics. An entry opens for editing.
 */
export default function BookKeepingPage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const { data: result } = useMonthList(asked);
  const list = result?.success ? result.data : null;
  const month = list?.month ?? asked;

  const showMonth = (next: string) => {
    const query = new URLSearchParams(search);
    query.set('month', next);
    setSearch(query, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('page.bookKeeping')} />
      <main className="app-main app-stack">
        {list && (
          <>
            <MonthSwitcher month={list.month} current={list.currentMonth} onChange={showMonth} />
            <MonthTotals income={list.income} expense={list.expense} balance={list.balance} />
            <div className="bk-actions">
              <Link className="h-btn" to={appLink('/bookKeepingRecord', { month })}>
                {t('book.add')}
              </Link>
              <Link className="h-btn h-btn--ghost" to={appLink('/bookKeepingStatistics', { month })}>
                {t('book.statistics')}
              </Link>
            </div>
            {list.records.length === 0 ? (
              <p className="app-muted">{t('book.empty')}</p>
            ) : (
              byDate(list.records).map(([date, records]) => (
                <section key={date} aria-labelledby={`bk-day-${date}`}>
                  <h3 id={`bk-day-${date}`} className="bk-day">
                    {date}
                  </h3>
                  <ul className="app-menu">
                    {records.map((record) => (
                      <li key={record.id}>
                        <Link className="bk-entry" to={appLink('/bookKeepingRecord', { id: record.id })}>
                          <span className={`bk-icon bk-icon--${record.kind}`}>
                            <CategoryIcon icon={record.icon} />
                          </span>
                          <span className="bk-entry-text">
                            <span>{record.categoryTitle}</span>
                            {record.note && <span className="app-small app-muted bk-note">{record.note}</span>}
                          </span>
                          {record.image && <span className="app-visually-hidden">{t('book.hasReceipt')}</span>}
                          <strong className={record.kind === 'income' ? 'bk-in' : 'bk-out'}>{signedAmount(record)}</strong>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            )}
          </>
        )}
      </main>
    </>
  );
}

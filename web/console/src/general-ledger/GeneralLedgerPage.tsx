import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useBalanceSheet, useBookLenders, useIncomeStatement, useTrialBalance, type Me, type StatementLine, type TrialBalanceLine } from '../api';
import { BarChart } from '../bars';
import { PageHead, PeriodForm, type Period } from '../parts';
import { money, ReportExport, type Report } from '../report';
import { DataTable, type Column } from '../table';
import { AgingBlock } from './AgingBlock';
import { BooksCloseBlock } from './BooksCloseBlock';
import { ChartBlock } from './ChartBlock';
import { JournalsBlock } from './JournalsBlock';
import { ProvisionsBlock } from './ProvisionsBlock';
import { StatementsBlock } from './StatementsBlock';
import { WriteOffsBlock } from './WriteOffsBlock';

const peso = (centavos: number) => formatMoney(centavos, '₱');
/** A trial balance's cell: empty when the balance stands in the other column. */
const trialCell = (centavos: number) => (centavos === 0 ? '' : peso(centavos));

type GroupedLine = StatementLine & { group: string };

const grouped = (group: string, lines: StatementLine[]): GroupedLine[] => lines.map((line) => ({ ...line, group }));

/** A statement's lines as a report to take away. */
const statementReport = (name: string, rows: GroupedLine[]): Report => ({
  name,
  header: [t('console.books.group'), t('console.books.code'), t('console.books.account'), t('console.books.amount')],
  rows: rows.map((line) => [line.group, line.code, line.name, money(line.amount)]),
});

/** Lines of a statement by group (income and expenses; assets, liabilities and equity), each with its amount. */
function StatementTable({ labelledBy, rows, loading }: { labelledBy: string; rows: GroupedLine[]; loading: boolean }) {
  return (
    <DataTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(line) => line.code}
      loading={loading}
      columns={[
        { header: t('console.books.group'), className: 'c-nowrap', cell: (line) => line.group },
        { header: t('console.books.code'), className: 'c-nowrap', cell: (line) => line.code },
        { header: t('console.books.account'), cell: (line) => line.name },
        { header: t('console.books.amount'), num: true, cell: (line) => peso(line.amount) },
      ]}
    />
  );
}

/** What the lender has, owes and owns at the end of the day the trial balance shows. */
function BalanceSheetBlock({ lenderId, date }: { lenderId: number; date: string }) {
  const sheet = useBalanceSheet(lenderId, date);
  const data = sheet.data;
  const rows = data
    ? [...grouped(t('console.books.assets'), data.assets), ...grouped(t('console.books.liabilities'), data.liabilities), ...grouped(t('console.books.equity'), data.equity)]
    : [];
  return (
    <section aria-labelledby="c-sheet-title" className="c-block">
      <div className="c-head">
        <h2 id="c-sheet-title">{t('console.books.balanceSheet')}</h2>
        <div className="c-tools">
          <ReportExport report={data && statementReport(`balance-sheet-${data.lenderId}-${data.date}`, rows)} />
        </div>
      </div>
      <StatementTable labelledBy="c-sheet-title" rows={rows} loading={sheet.isFetching} />
      {data && (
        <p className="c-strong" data-testid="sheet-totals">
          {t('console.books.sheetTotals', {
            assets: peso(data.totalAssets),
            liabilities: peso(data.totalLiabilities),
            equity: peso(data.totalEquity),
            earnings: peso(data.earnings),
          })}
        </p>
      )}
    </section>
  );
}

/** What the lender earned and spent over a run of days (this month by default). */
function IncomeStatementBlock({ lenderId }: { lenderId: number }) {
  const [period, setPeriod] = useState<Period>({ from: '', to: '' });
  const statement = useIncomeStatement(lenderId, period.from, period.to);
  const data = statement.data;
  const rows = data ? [...grouped(t('console.books.income'), data.income), ...grouped(t('console.books.expenses'), data.expenses)] : [];

  return (
    <section aria-labelledby="c-income-title" className="c-block">
      <div className="c-head">
        <h2 id="c-income-title">{t('console.books.incomeStatement')}</h2>
        <PeriodForm idPrefix="c-income" onApply={setPeriod} />
        <div className="c-tools">
          <ReportExport report={data && statementReport(`income-statement-${data.lenderId}-${data.from}-${data.to}`, rows)} />
        </div>
      </div>
      {data && <p className="c-muted c-small">{t('console.books.period', { from: formatDate(data.from), to: formatDate(data.to) })}</p>}
      {data && rows.length > 0 && (
        <BarChart
          label={t('console.books.incomeChart', { from: formatDate(data.from), to: formatDate(data.to) })}
          bars={[
            ...data.income.map((line) => ({ key: line.code, label: line.name, value: line.amount, text: peso(line.amount) })),
            ...data.expenses.map((line) => ({ key: line.code, label: line.name, value: -line.amount, text: peso(-line.amount) })),
          ]}
        />
      )}
      <StatementTable labelledBy="c-income-title" rows={rows} loading={statement.isFetching} />
      {data && (
        <p className="c-strong" data-testid="net-income">
          {t('console.books.net', { income: peso(data.totalIncome), expenses: peso(data.totalExpenses), net: peso(data.netIncome) })}
        </p>
      )}
    </section>
  );
}

/** A lender's books: its trial balance at the end of a Manila day (every account of the chart, its balance in one column), its balance sheet, its income statement, its loans by days past due and their allowance, its journals, and the closes of its books. */
export function GeneralLedgerPage({ me }: { me: Me }) {
  const lenders = useBookLenders();
  const [asked, setAsked] = useState({ lenderId: 0, date: '' });
  // `date: null` until staff touch the field: it then shows the day of the books shown.
  const [typed, setTyped] = useState<{ lenderId: number; date: string | null }>({ lenderId: 0, date: null });
  const lenderId = asked.lenderId || lenders.data?.[0]?.id || 0;
  const trial = useTrialBalance(lenderId, asked.date);
  const books = trial.data;
  const columns: (Column<TrialBalanceLine> & { header: string })[] = [
    { header: t('console.books.code'), className: 'c-nowrap', cell: (line) => line.code },
    { header: t('console.books.account'), cell: (line) => line.name },
    { header: t('console.books.debit'), num: true, cell: (line) => trialCell(line.debit) },
    { header: t('console.books.credit'), num: true, cell: (line) => trialCell(line.credit) },
  ];

  function apply(event: FormEvent) {
    event.preventDefault();
    setAsked({ lenderId: typed.lenderId || lenderId, date: typed.date ?? asked.date });
  }

  const report: Report | null | undefined = books && {
    name: `trial-balance-${books.lenderId}-${books.date}`,
    header: columns.map((column) => column.header),
    rows: [...books.lines.map((line) => [line.code, line.name, money(line.debit), money(line.credit)]), ['', t('console.books.total'), money(books.totalDebit), money(books.totalCredit)]],
  };

  return (
    <section className="c-page" aria-labelledby="c-books-title">
      <PageHead id="c-books-title" title={t('console.section.books')} />
      <section aria-labelledby="c-trial-title" className="c-block">
        <div className="c-head">
          <h2 id="c-trial-title">{t('console.books.trialBalance')}</h2>
          <form className="c-tools" onSubmit={apply}>
            <span className="c-filter">
              <label htmlFor="c-books-lender">{t('console.books.lender')}</label>
              <select
                id="c-books-lender"
                className="c-input"
                value={typed.lenderId || lenderId}
                onChange={(e) => setTyped({ ...typed, lenderId: Number(e.target.value) })}
              >
                {(lenders.data ?? []).map((lender) => (
                  <option key={lender.id} value={lender.id}>
                    {lender.name}
                  </option>
                ))}
              </select>
            </span>
            <span className="c-filter">
              <label htmlFor="c-books-date">{t('console.books.date')}</label>
              {/* Until a day is typed, the day the books shown are at (today's, from the server). */}
              <input
                id="c-books-date"
                type="date"
                className="c-input"
                value={typed.date ?? (books ? formatDate(books.date) : '')}
                onChange={(e) => setTyped({ ...typed, date: e.target.value })}
              />
            </span>
            <button type="submit" className="h-btn h-btn--ghost c-btn">
              {t('console.sms.show')}
            </button>
            <ReportExport report={report} />
          </form>
        </div>
        {books && (
          <p className="c-muted c-small">
            {t('console.books.asOf', { lender: books.lenderName, date: formatDate(books.date) })}
          </p>
        )}
        <DataTable
          labelledBy="c-trial-title"
          rows={books?.lines ?? []}
          rowKey={(line) => line.code}
          loading={trial.isFetching || lenders.isFetching}
          columns={columns}
        />
        {books && (
          <p className="c-strong" data-testid="trial-totals">
            {t('console.books.totals', { debit: peso(books.totalDebit), credit: peso(books.totalCredit) })}
          </p>
        )}
      </section>
      {lenderId > 0 && <BalanceSheetBlock lenderId={lenderId} date={asked.date} />}
      {lenderId > 0 && <IncomeStatementBlock lenderId={lenderId} />}
      {lenderId > 0 && <AgingBlock lenderId={lenderId} date={asked.date} />}
      {lenderId > 0 && <ProvisionsBlock me={me} lenderId={lenderId} date={asked.date} />}
      {lenderId > 0 && <JournalsBlock me={me} lenderId={lenderId} />}
      {lenderId > 0 && <WriteOffsBlock me={me} lenderId={lenderId} />}
      {lenderId > 0 && <StatementsBlock me={me} lenderId={lenderId} />}
      {lenderId > 0 && <BooksCloseBlock me={me} lenderId={lenderId} />}
      {lenderId > 0 && <ChartBlock me={me} />}
    </section>
  );
}

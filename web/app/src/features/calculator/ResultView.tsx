import { useState } from 'react';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import type { CalcResult } from './api/calc';
import { formatPercent } from '@hiram/shared/format/format';

/** Rows of a long schedule shown before "Show all". */
const FIRST_ROWS = 12;

/** A priced loan: the payment, the totals, the rates and caps, and the schedule. */
export function ResultView({ result, advanced }: { result: CalcResult; advanced: boolean }) {
  const [all, setAll] = useState(false);
  const rows = all ? result.schedule : result.schedule.slice(0, FIRST_ROWS);
  const level = result.schedule.every((row) => row.amount === result.firstPayment);
  return (
    <section className="app-stack" aria-label={t('calc.result')}>
      <div className="h-card app-center">
        <p className="app-muted app-small">{level ? t('calc.eachPayment') : t('calc.firstPayment')}</p>
        <p className="app-amount" data-testid="calc-first-payment">
          {formatMoney(result.firstPayment)}
        </p>
        <dl className="app-facts">
          <div>
            <dt>{t('calc.totalInterest')}</dt>
            <dd>{formatMoney(result.totalInterest)}</dd>
          </div>
          <div>
            <dt>{t('calc.totalRepaid')}</dt>
            <dd>{formatMoney(result.totalRepaid)}</dd>
          </div>
        </dl>
      </div>

      {advanced && (
        <div className="h-card">
          <dl>
            <div className="app-row">
              <dt>{t('calc.fee')}</dt>
              <dd>{formatMoney(result.fee)}</dd>
            </div>
            <div className="app-row">
              <dt>{t('calc.netProceeds')}</dt>
              <dd>{formatMoney(result.netProceeds)}</dd>
            </div>
            <div className="app-row">
              <dt>{t('calc.effectiveRate')}</dt>
              <dd data-testid="calc-effective-rate">{result.effectiveMonthlyRate}</dd>
            </div>
          </dl>
          <p className="app-small app-muted">{t('calc.effectiveRateHelp')}</p>
          {result.covered ? (
            <ul className="app-caps" aria-label={t('calc.caps')}>
              {result.caps.map((cap) => (
                <li key={cap.key} data-cap={cap.key} className={cap.within ? 'app-cap' : 'app-cap app-cap--over'}>
                  <span>
                    {cap.title} ({t('calc.capLimit', { n: formatPercent(cap.limitBp) })})
                  </span>
                  {/* The quote's own rate beside its limit (the room left
                      under the cap, shown alone, was read as the rate). */}
                  <strong>{t(cap.within ? 'calc.capRoom' : 'calc.capOver', { n: formatPercent(cap.quotedBp) })}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="app-small">{t('calc.notCovered')}</p>
          )}
        </div>
      )}

      <table className="app-table">
        <caption>{t('calc.schedule', { n: result.schedule.length, days: result.termDays })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('calc.day')}</th>
            <th scope="col">{t('calc.principal')}</th>
            <th scope="col">{t('calc.interest')}</th>
            <th scope="col">{t('calc.payment')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.number}>
              <td>{row.number}</td>
              <td>{row.dueAfterDays}</td>
              <td>{formatMoney(row.principal)}</td>
              <td>{formatMoney(row.interest)}</td>
              <td>{formatMoney(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!all && result.schedule.length > FIRST_ROWS && (
        <button type="button" className="h-btn h-btn--ghost h-btn--block" onClick={() => setAll(true)}>
          {t('calc.showAll', { n: result.schedule.length })}
        </button>
      )}
    </section>
  );
}

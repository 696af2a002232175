import { useId } from 'react';
import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import type { CalcIndex } from './api/calc';
import { formatPercent } from '@hiram/shared/format/format';

/**
 * The rule set of the law in force today (decision 056): which issuance sets
 * the ceilings, since when, the loans it covers, and its nominal and
 * effective ceilings, as the server holds them (never figures of our own).
 */
export function RulesInForce({ rules }: { rules: CalcIndex['caps'] }) {
  const id = useId();
  return (
    <section className="h-card" aria-labelledby={id} data-rule-set={rules.code}>
      <h2 id={id} className="app-section-title">
        {t('calc.rulesTitle')}
      </h2>
      <p className="app-small">
        {t('calc.rulesText', {
          source: rules.source,
          date: formatDay(rules.inForceFrom),
          amount: formatMoney(rules.maxPrincipal, '₱'),
          months: rules.maxTermMonths,
        })}
      </p>
      <dl>
        <div className="app-row" data-cap="nominal">
          <dt>{t('calc.rulesNominal')}</dt>
          <dd>{t('calc.perMonth', { n: formatPercent(rules.nominalMonthlyBp) })}</dd>
        </div>
        <div className="app-row" data-cap="effective">
          <dt>{t('calc.rulesEffective')}</dt>
          <dd>{t('calc.perMonth', { n: formatPercent(rules.eirMonthlyBp) })}</dd>
        </div>
      </dl>
    </section>
  );
}

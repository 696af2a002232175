import { formatDay, formatMoney, formatPercent } from '@hiram/shared/format/format';
import type { RuleSetView } from './api/getGeneralTerms';
import type { RuleSetValues } from './content/types';

/** A monthly rate's thirtieth, a day, to two decimals of a percent ("about" in the text): 1200 → "0.40%". */
export function dailyOf(monthlyBasisPoints: number): string {
  return formatPercent(Math.round(monthlyBasisPoints / 30));
}

/** The placeholders of the loan terms' ceilings, from the rule set the server says is in force. */
export function ruleSetValues(rules: RuleSetView): RuleSetValues {
  return {
    ruleSource: rules.source,
    ruleSince: formatDay(rules.inForceFrom),
    maxAmount: formatMoney(rules.maxPrincipal, '₱'),
    maxMonths: String(rules.maxTermMonths),
    nominal: formatPercent(rules.nominalMonthlyBp),
    nominalDaily: dailyOf(rules.nominalMonthlyBp),
    eir: formatPercent(rules.eirMonthlyBp),
    eirDaily: dailyOf(rules.eirMonthlyBp),
    penalty: formatPercent(rules.penaltyMonthlyBp),
    totalCost: totalCostOf(rules.totalCostBp),
  };
}

/** The total-cost ceiling as a share of the principal: 10000 → "100%" (whole percents have no decimals). */
function totalCostOf(basisPoints: number): string {
  return basisPoints % 100 === 0 ? `${basisPoints / 100}%` : formatPercent(basisPoints);
}

import { parseHundredths } from '@hiram/shared/format/format';
import type { CalculatorKey } from './texts';
import type { LoanForm } from './api/calc';

/** The calculator form as typed: pesos and percentages as text. */
export interface TypedLoan {
  amount: string;
  rate: string;
  payments: string;
  frequency: string;
  method: string;
  fee: string;
}

export type LoanField = keyof TypedLoan;

/**
 * The typed form in the API's units (centavos, basis points), or the first
 * field that is not a plain number. The server checks the ranges and says
 * what is wrong with them; this only catches what cannot be sent at all.
 */
export function toLoanForm(typed: TypedLoan, advanced: boolean): { form: LoanForm } | { field: LoanField; error: CalculatorKey } {
  const amount = parseHundredths(typed.amount);
  if (amount === null || amount === 0) return { field: 'amount', error: 'calc.amountInvalid' };
  const rate = parseHundredths(typed.rate);
  if (rate === null) return { field: 'rate', error: 'calc.rateInvalid' };
  if (!/^\d{1,4}$/.test(typed.payments.trim()) || Number(typed.payments) === 0) {
    return { field: 'payments', error: 'calc.paymentsInvalid' };
  }
  const fee = advanced ? parseHundredths(typed.fee === '' ? '0' : typed.fee) : 0;
  if (fee === null) return { field: 'fee', error: 'calc.feeInvalid' };
  return {
    form: {
      amount,
      monthlyRateBp: rate,
      payments: Number(typed.payments),
      frequency: typed.frequency,
      method: typed.method,
      feeBp: fee,
    },
  };
}


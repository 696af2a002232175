import type { CalcIndex, CalcResult, ExchangeRates, JumpPage, SavedInfo, SavedView } from './api/calc';

export const INDEX: CalcIndex = {
  methods: [
    { key: 'flat', title: 'Flat rate' },
    { key: 'declining', title: 'Declining balance' },
  ],
  frequencies: [
    { key: 'daily', title: 'Daily' },
    { key: 'weekly', title: 'Weekly' },
    { key: 'monthly', title: 'Monthly' },
  ],
  minAmount: 100,
  maxAmount: 1_000_000_000,
  maxRateBp: 10_000,
  maxPayments: 1_000,
  caps: {
    code: 'SEC-MC-14-2025',
    source: 'SEC Memorandum Circular No. 14, series of 2025',
    inForceFrom: '2026-04-01',
    maxPrincipal: 1_000_000,
    maxTermMonths: 4,
    nominalMonthlyBp: 600,
    eirMonthlyBp: 1200,
    penaltyMonthlyBp: 500,
    totalCostBp: 10_000,
    covers: true,
  },
  defaults: { amount: 500_000, monthlyRateBp: 400, payments: 3, frequency: 'monthly', method: 'flat', feeBp: 0 },
  savedCount: null,
};

/** ₱5,000 at 4% flat over 3 months with a 5% fee, as the server prices it. */
export const RESULT: CalcResult = {
  input: { amount: 500_000, monthlyRateBp: 400, payments: 3, frequency: 'monthly', method: 'flat', feeBp: 500 },
  schedule: [
    { number: 1, dueAfterDays: 30, amount: 186_666, principal: 166_666, interest: 20_000 },
    { number: 2, dueAfterDays: 60, amount: 186_666, principal: 166_666, interest: 20_000 },
    { number: 3, dueAfterDays: 90, amount: 186_668, principal: 166_668, interest: 20_000 },
  ],
  firstPayment: 186_666,
  totalInterest: 60_000,
  fee: 25_000,
  netProceeds: 475_000,
  totalRepaid: 560_000,
  termDays: 90,
  effectiveMonthlyBp: 681,
  effectiveMonthlyRate: '6.81%',
  covered: true,
  caps: [
    { key: 'nominal', title: 'Nominal interest a month', limitBp: 600, quotedBp: 400, headroomBp: 200, within: true },
    {
      key: 'effective',
      title: 'Effective interest rate a month, interest and every fee',
      limitBp: 1200,
      quotedBp: 1400,
      headroomBp: -200,
      within: false,
    },
  ],
};

export const SAVED: SavedView = {
  id: 7,
  name: 'Tricycle repair',
  input: RESULT.input,
  firstPayment: 186_666,
  totalRepaid: 560_000,
  effectiveMonthlyRate: '6.81%',
  savedAt: '2026-11-22 10:00:00',
};

export const INFO: SavedInfo = { saved: SAVED, result: RESULT };

export const JUMP: JumpPage = {
  saved: SAVED,
  products: [
    {
      productId: 4,
      name: 'Kalesa Quick Pera',
      lender: 'Kalesa Credit',
      logo: '',
      quote: {
        amount: 500_000,
        interest: 45_500,
        fees: 25_000,
        netProceeds: 475_000,
        totalRepayable: 545_500,
        financeCharge: 70_500,
        termDays: 91,
        nominalMonthlyRate: '4.00%',
        effectiveMonthlyRate: '4.65%',
        actuarialMonthlyRate: '4.65%',
        plan: [],
        ruleSet: INDEX.caps,
      },
    },
  ],
};

export const RATES: ExchangeRates = {
  rates: [
    { currency: 'JPY', rate: '0.3791', pesoMicros: 379_100, effectiveOn: '2026-11-21', source: 'BDO board rate' },
    { currency: 'USD', rate: '58.1234', pesoMicros: 58_123_400, effectiveOn: '2026-11-22', source: 'BSP reference rate' },
  ],
  conversion: null,
};

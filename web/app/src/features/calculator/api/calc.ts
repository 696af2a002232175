import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';

type Schemas = components['schemas'];
export type CalcIndex = Schemas['CalcIndex'];
export type CalcResult = Schemas['CalcResult'];
export type SavedView = Schemas['SavedView'];
export type SavedInfo = Schemas['SavedInfo'];
export type JumpPage = Schemas['JumpPage'];
export type ExchangeRates = Schemas['ExchangeRates'];

/** A loan as the forms send it: amounts in centavos, rates in basis points. */
export interface LoanForm {
  amount: number;
  monthlyRateBp: number;
  payments: number;
  frequency: string;
  method: string;
  feeBp: number;
}

export const CALC_PATHS = {
  index: '/calc/index',
  emi: '/calc/emi',
  emiAdvanced: '/calc/emi-adv',
  exchange: '/calc/exchange-rate',
  add: '/calc/add-loan',
  list: '/calc/list-loan',
  info: '/calc/info-loan',
  remove: '/calc/del-loan',
  jumpPage: '/calc/jump-page',
  jumpView: '/calc/jump-page-view',
} as const;

const loading = () => ({ loading: t('common.loading') });

export function useCalcIndex() {
  return useQuery({
    queryKey: ['calc-index'],
    queryFn: () => formApi.post(CALC_PATHS.index, {}),
  });
}

/** Prices a loan: the advanced form (with its fee, rate and caps) or the simple one. */
export function priceLoan(form: LoanForm, advanced: boolean) {
  return formApi.post(advanced ? CALC_PATHS.emiAdvanced : CALC_PATHS.emi, { ...form }, loading());
}

export function saveCalculation(form: LoanForm, name: string) {
  return formApi.post(CALC_PATHS.add, { ...form, name }, loading());
}

export function useSavedCalculations() {
  return useQuery({
    queryKey: ['calc-saved'],
    queryFn: () => formApi.post(CALC_PATHS.list, {}, loading()),
    staleTime: 0,
  });
}

export function useSavedCalculation(id: string) {
  return useQuery({
    queryKey: ['calc-saved', id],
    queryFn: () => formApi.post(CALC_PATHS.info, { id }, loading()),
    enabled: id !== '',
    staleTime: 0,
  });
}

export function deleteCalculation(id: number) {
  return formApi.post(CALC_PATHS.remove, { id }, loading());
}

export function useMatchingProducts(id: string) {
  return useQuery({
    queryKey: ['calc-jump', id],
    queryFn: () => formApi.post(CALC_PATHS.jumpPage, { id }),
    enabled: id !== '',
  });
}

/** Counts the product opened from a calculation; answers the page to open. */
export function openProduct(productId: number, calculationId: number) {
  return formApi.post(CALC_PATHS.jumpView, { productId, id: calculationId }, loading());
}

export interface ExchangeAsk {
  currency: string;
  /** Hundredths of what is changed. */
  amount: number;
  direction: 'toPeso' | 'fromPeso';
}

export function useExchangeRates() {
  return useQuery({
    queryKey: ['calc-rates'],
    queryFn: () => formApi.post(CALC_PATHS.exchange, {}),
  });
}

export function convert(ask: ExchangeAsk) {
  return formApi.post(CALC_PATHS.exchange, { ...ask }, loading());
}

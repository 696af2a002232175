// The exchange rates the borrower's calculator offers (view_money to read,
// set_exchange_rates to add). Adding is silent: the form marks the refused
// field.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';

export type RateRow = components['schemas']['RateRow'];
export type RateHistory = components['schemas']['RateHistory'];

/** A new rate as typed: the currency, pesos for one unit (`58.1234`), the day (`YYYY-MM-DD`) and its source. */
export type RateForm = TypedForm<Fields<'/api/staff/exchange-rates/add', 'post'>>;

export const fetchRates = () => get('/exchange-rates', {});
export const RATES_KEY = 'exchange-rates';
export const useRates = () => useQuery({ queryKey: [RATES_KEY], queryFn: () => dataOf(fetchRates()) });
export const addRate = (form: RateForm) => post('/exchange-rates/add', { ...form }, { idempotent: true, silent: true });

import { useId, useState, type FormEvent } from 'react';
import { formatMoney, parseHundredths } from '@hiram/shared/format/format';
import { t } from './exchangeTexts';
import { currencySymbol } from '@hiram/shared/query/pageQuery';
import { Field } from '@hiram/shared/ui/Field';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { convert, useExchangeRates, type ExchangeAsk, type ExchangeRates } from './api/calc';
import { Link } from '../../components/Link';

type Conversion = NonNullable<ExchangeRates['conversion']>;

/** An amount of another currency in hundredths: `1234` → `12.34 USD`. */
function foreign(hundredths: number, currency: string): string {
  const grouped = String(Math.floor(hundredths / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${String(hundredths % 100).padStart(2, '0')} ${currency}`;
}

/** The peso exchange calculator on the rates staff set, each with its date and source (`/calc/exchange-rate`). */
export default function ExchangePage() {
  const { data: result } = useExchangeRates();
  const rates = result?.success ? (result.data?.rates ?? []) : null;
  const ids = useId();
  const [currency, setCurrency] = useState('');
  const [direction, setDirection] = useState<ExchangeAsk['direction']>('toPeso');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [conversion, setConversion] = useState<Conversion | null>(null);

  const chosen = currency || rates?.[0]?.currency || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hundredths = parseHundredths(amount);
    if (hundredths === null || hundredths === 0) {
      setError(t('calc.exchangeAmountInvalid'));
      return;
    }
    const reply = await convert({ currency: chosen, amount: hundredths, direction });
    if (reply.success && reply.data?.conversion) setConversion(reply.data.conversion);
  };

  const show = (value: number, isPeso: boolean) => (isPeso ? formatMoney(value) : foreign(value, conversion?.currency ?? ''));

  return (
    <>
      <PageHeader title={t('page.exchange')} />
      <main className="app-main app-stack">
        <div className="app-toplinks">
          <Link to={appLink('/calculator')}>{t('page.calculator')}</Link>
        </div>
        {rates && rates.length === 0 && <p className="app-notice">{t('calc.noRates')}</p>}
        {rates && rates.length > 0 && (
          <>
            <form className="h-card" onSubmit={(e) => void submit(e)} noValidate>
              <div className="h-field">
                <label htmlFor={`${ids}-currency`}>{t('calc.currency')}</label>
                <select id={`${ids}-currency`} className="h-input" value={chosen} onChange={(e) => setCurrency(e.target.value)}>
                  {rates.map((rate) => (
                    <option key={rate.currency} value={rate.currency}>
                      {rate.currency}
                    </option>
                  ))}
                </select>
              </div>
              <fieldset className="app-choices" aria-label={t('calc.direction')}>
                {(['toPeso', 'fromPeso'] as const).map((value) => (
                  <label key={value} className="app-choice">
                    <input type="radio" name="direction" checked={direction === value} onChange={() => setDirection(value)} />
                    {value === 'toPeso' ? t('calc.toPeso', { c: chosen }) : t('calc.fromPeso', { c: chosen })}
                  </label>
                ))}
              </fieldset>
              <Field
                label={direction === 'toPeso' ? t('calc.amountIn', { c: chosen }) : t('calc.amountInPesos')}
                inputMode="decimal"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setError(undefined);
                }}
                error={error}
              />
              <button type="submit" className="h-btn h-btn--block">
                {t('calc.convert')}
              </button>
            </form>
            {conversion && (
              <section className="h-card app-center" aria-live="polite">
                <p className="app-muted app-small">
                  {show(conversion.amount, conversion.direction === 'fromPeso')}
                </p>
                <p className="app-amount" data-testid="exchange-result">
                  {show(conversion.result, conversion.direction === 'toPeso')}
                </p>
                <p className="app-small">
                  {t('calc.rateLine', {
                    c: conversion.currency,
                    rate: conversion.rate.rate,
                    date: conversion.rate.effectiveOn,
                    source: conversion.rate.source,
                  })}
                </p>
              </section>
            )}
            <table className="app-table">
              <caption>{t('calc.ratesTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('calc.currency')}</th>
                  <th scope="col">{t('calc.asOf')}</th>
                  <th scope="col">{t('calc.pesos')}</th>
                </tr>
              </thead>
              <tbody>
                {rates.map((rate) => (
                  <tr key={rate.currency}>
                    <td>{rate.currency}</td>
                    <td>
                      {rate.effectiveOn}
                      <br />
                      <span className="app-small app-muted">{rate.source}</span>
                    </td>
                    <td>
                      {currencySymbol()}
                      {rate.rate}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="app-small app-muted">{t('calc.ratesNote')}</p>
          </>
        )}
      </main>
    </>
  );
}

// The currency converter's texts (ExchangePage), English and Filipino, in
// its own chunk: the loan calculator's pages never download them. Keys it
// does not own fall through to the calculator's texts.
import { featureTexts } from '@hiram/shared/i18n/i18n';
import { t as calculatorTexts } from './texts';

export const en = {
  'calc.exchangeAmountInvalid': 'Please enter an amount, for example 100 or 100.50.',
  'calc.noRates': 'No exchange rates have been published yet. Please check again later.',
  'calc.currency': 'Currency',
  'calc.direction': 'What to change',
  'calc.toPeso': '{c} to pesos',
  'calc.fromPeso': 'Pesos to {c}',
  'calc.amountIn': 'Amount in {c}',
  'calc.amountInPesos': 'Amount in pesos',
  'calc.convert': 'Convert',
  'calc.rateLine': '1 {c} = ₱{rate}, as of {date} ({source})',
  'calc.ratesTitle': 'Rates we use',
  'calc.asOf': 'As of',
  'calc.pesos': 'Pesos for 1',
  'calc.ratesNote': 'These are reference rates our staff publish, not a bank\'s offer. Your bank or remittance centre may give a different rate.',
};

export type ExchangeKey = keyof typeof en;

export const fil: Record<ExchangeKey, string> = {
  'calc.exchangeAmountInvalid': 'Maglagay ng halaga, halimbawa 100 o 100.50.',
  'calc.noRates': 'Wala pang nailalathalang palitan. Pakitingnan muli mamaya.',
  'calc.currency': 'Pera',
  'calc.direction': 'Ano ang papalitan',
  'calc.toPeso': '{c} papuntang piso',
  'calc.fromPeso': 'Piso papuntang {c}',
  'calc.amountIn': 'Halaga sa {c}',
  'calc.amountInPesos': 'Halaga sa piso',
  'calc.convert': 'Palitan',
  'calc.rateLine': '1 {c} = ₱{rate}, noong {date} ({source})',
  'calc.ratesTitle': 'Mga palitang ginagamit namin',
  'calc.asOf': 'Petsa',
  'calc.pesos': 'Piso para sa 1',
  'calc.ratesNote': 'Mga reference rate ito na inilalathala ng aming staff, hindi alok ng bangko. Maaaring iba ang palitan sa iyong bangko o remittance center.',
};

export const t = featureTexts(en, fil, calculatorTexts);

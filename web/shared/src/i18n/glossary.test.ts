import { afterEach, describe, expect, it } from 'vitest';
import { mislabelled, offGlossary } from '../testing/catalogues';
import { GLOSSARY, labelText, statusName, STATUS_NAMES } from './glossary';
import { setLocale } from './i18n';

afterEach(async () => {
  await setLocale('en');
});

const terms = (found: { term: string }[]) => found.map((f) => f.term);

describe('offGlossary', () => {
  it('finds another name for a glossary thing, in English', () => {
    const planted = {
      'a.code': 'Enter your repayment code at the counter.',
      'a.reference': 'Reference number',
      'a.contract': 'Contract number',
      'a.button': 'REPAY',
      'a.rollover': 'Rollover Repayment',
      'a.bind': 'Go and bind the card',
      'a.date': 'Repayment date: {date}',
      'a.plan': 'Repayment plan',
    };
    const found = offGlossary(planted, 'en');
    expect(found.map((f) => [f.key, f.term, f.found])).toEqual([
      ['a.code', 'payCode', 'repayment code'],
      ['a.reference', 'payCode', 'Reference number'],
      ['a.contract', 'payCode', 'Contract number'],
      ['a.button', 'pay', 'REPAY'],
      ['a.rollover', 'pay', 'Rollover Repayment'],
      ['a.rollover', 'extension', 'Rollover'],
      ['a.bind', 'payoutAccount', 'bind'],
      ['a.bind', 'payoutAccount', 'card'],
      ['a.bind', 'addPayoutAccount', 'Go and bind'],
      ['a.date', 'dueDate', 'Repayment date'],
      ['a.plan', 'paymentSchedule', 'Repayment plan'],
    ]);
  });

  it('finds the specification’s jargon', () => {
    const planted = { 'x.tips': 'Kind tips', 'x.list': 'Detailed list', 'x.type': 'Problem Type:', 'x.result': 'Process Result' };
    expect(terms(offGlossary(planted, 'en'))).toEqual(['jargon', 'jargon', 'jargon', 'jargon']);
    expect(terms(offGlossary({ 'x.list': 'Detalyadong listahan' }, 'fil'))).toEqual(['jargon']);
  });

  it('finds another name in Filipino', () => {
    const planted = {
      'b.code': 'Code sa pagbabayad',
      'b.contract': 'Numero ng kontrata',
      'b.bind': 'Pumunta at i-bind ang card',
      'b.date': 'Petsa ng pagbabayad: {date}',
      'b.english': 'Lampas na sa due date ang loan mo',
      'b.loan': 'Kasunduan sa utang',
    };
    expect(offGlossary(planted, 'fil').map((f) => [f.key, f.term])).toEqual([
      ['b.code', 'payCode'],
      ['b.contract', 'payCode'],
      ['b.bind', 'payoutAccount'],
      ['b.bind', 'payoutAccount'],
      ['b.bind', 'addPayoutAccount'],
      ['b.date', 'dueDate'],
      ['b.english', 'dueDate'],
      ['b.loan', 'loan'],
    ]);
  });

  it('leaves the glossary’s own words, and words that only look alike, alone', () => {
    const fine = {
      'c.pay': 'Pay with your pay code before the due date.',
      'c.repay': 'Please repay on time.',
      'c.tool': 'Repayment reminders',
      'c.binds': 'a written agreement that binds them to protect your data',
      'c.cardboard': 'Cardboard boxes',
      'c.schedule': 'Payment schedule',
    };
    expect(offGlossary(fine, 'en')).toEqual([]);
    const mabuti = { 'd.owed': 'ang prinsipal na utang mo pa', 'd.pay': 'Magbayad para sa extension', 'd.code': 'Ilagay ang iyong pay code.' };
    expect(offGlossary(mabuti, 'fil')).toEqual([]);
  });

  it('lets a key listed as naming another thing keep the word', () => {
    const texts = { 'complaint.reference': 'Reference number: {ref}' };
    expect(terms(offGlossary(texts, 'en'))).toEqual(['payCode']);
    expect(offGlossary(texts, 'en', { payCode: ['complaint.reference'] })).toEqual([]);
  });
});

describe('mislabelled', () => {
  it('finds a title, label or button that is a glossary name said otherwise', () => {
    const texts = { 'loanDetails.repay': 'REPAY', 'loanDetails.repayment': 'Pay', 'repayCode2.contract': 'Contract number', 'other.key': 'Anything' };
    expect(mislabelled(texts, 'en')).toEqual([
      { key: 'repayCode2.contract', text: 'Contract number', term: 'payCode', found: 'Pay code' },
      { key: 'loanDetails.repay', text: 'REPAY', term: 'pay', found: 'Pay' },
    ]);
    expect(mislabelled({ 'loanDetails.card.bind': 'Pumunta at i-bind ang card' }, 'fil')).toEqual([
      { key: 'loanDetails.card.bind', text: 'Pumunta at i-bind ang card', term: 'addPayoutAccount', found: 'Idagdag ang iyong account na padadalhan' },
    ]);
  });

  it('reads a label as the name with a capital', () => {
    expect(labelText(GLOSSARY.payCode, 'en')).toBe('Pay code');
    expect(labelText(GLOSSARY.payoutAccount, 'fil')).toBe('Account na padadalhan');
  });
});

describe('the glossary itself', () => {
  it('does not avoid its own names', () => {
    for (const [id, term] of Object.entries(GLOSSARY)) {
      for (const locale of ['en', 'fil'] as const) {
        expect(offGlossary({ [id]: term[locale], [`${id}.label`]: labelText(term, locale) }, locale), `${id} in ${locale}`).toEqual([]);
      }
    }
  });

  it('names every status of D3 once in each language', () => {
    expect(Object.keys(STATUS_NAMES).map(Number).sort((a, b) => a - b)).toEqual([21, 110, 151, 170, 174, 180, 200]);
    for (const locale of ['en', 'fil'] as const) {
      const names = Object.values(STATUS_NAMES).map((name) => name[locale]);
      expect(new Set(names).size).toBe(names.length);
      expect(offGlossary(Object.fromEntries(names.map((name, i) => [String(i), name])), locale)).toEqual([]);
    }
  });
});

describe('statusName', () => {
  it('names a status in the page’s language, and leaves an unknown one to the server’s words', async () => {
    expect(statusName(180)).toBe('Overdue');
    expect(statusName(999, 'Something new')).toBe('Something new');
    await setLocale('fil');
    expect(statusName(170)).toBe('Nakumpirma ang loan');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, setLocale } from '@hiram/shared/i18n/i18n';
import { staleSameOnPurpose, untranslated } from '@hiram/shared/testing/catalogues';
import { consoleEn } from './en';
import { consoleFil } from './fil';
import { initConsoleI18n, t } from './i18n';

afterEach(async () => {
  await setLocale('en');
  window.history.replaceState(null, '', '/');
});

/** Names, codes and the English words staff use as they are in Filipino. */
const SAME_IN_FILIPINO = [
  'console.signIn.email', 'console.signIn.password', 'console.section.sms', 'console.section.audit', 'console.role.admin',
  'console.role.creditOfficer', 'console.role.finance', 'console.role.customerCare', 'console.role.marketing',
  'console.role.auditor', 'console.status', 'console.borrowerId', 'console.col.id', 'console.col.borrower', 'console.col.order',
  'console.col.status', 'console.col.channel', 'console.col.reference', 'console.answer.count', 'console.ratings.agent',
  'console.audit.staff', 'console.audit.apiToken', 'console.payments.orderId', 'console.writeOffs.order', 'console.sms.provider',
  'console.statements.provider', 'console.statements.csv', 'console.statements.reference', 'console.statements.providerSays',
  'console.chart.title', 'console.chart.kind.asset', 'console.chart.kind.contra_asset', 'console.chart.kind.liability', 'console.chart.kind.equity',
  'console.section.dashboard', 'console.col.principal', 'console.orders.panel', 'console.orders.title',
  'console.orders.owed.principal', 'console.orders.ledger', 'console.orders.debit', 'console.orders.credit',
  'console.borrowers.panel', 'console.products.fee', 'console.links.template', 'console.links.userFrom',
  'console.links.utmTag', 'console.links.code', 'console.banners.link',
  'console.collections.title', 'console.contact.sms', 'console.contact.email', 'console.tokens.secret',
  'console.journals.memo', 'console.journals.dr', 'console.journals.cr', 'console.provisions.rate', 'console.provisions.provision',
  'console.books.trialBalance', 'console.books.code', 'console.books.account', 'console.books.debit', 'console.books.credit',
  'console.books.incomeStatement', 'console.books.balanceSheet', 'console.books.equity', 'console.provisions.rateBp',
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console catalogues', () => {
  it('Filipino has exactly the English keys', () => {
    expect(Object.keys(consoleFil).sort()).toEqual(Object.keys(consoleEn).sort());
  });

  it('has every English text in Filipino, the same only where listed', () => {
    expect(untranslated(consoleEn, consoleFil, SAME_IN_FILIPINO)).toEqual([]);
    expect(staleSameOnPurpose(consoleEn, consoleFil, SAME_IN_FILIPINO)).toEqual([]);
  });

  it('keeps the same placeholders in both locales', () => {
    for (const [key, text] of Object.entries(consoleEn)) {
      expect([key, placeholders(consoleFil[key as keyof typeof consoleFil])]).toEqual([key, placeholders(text)]);
    }
  });
});

describe('t', () => {
  it('switches the console’s own texts with the language switch', async () => {
    window.history.replaceState(null, '', '/console?lang=en');
    await initConsoleI18n();
    expect(t('console.company.address')).toBe('Address');
    await chooseLocale('fil');
    expect(t('console.company.address')).toBe('Tirahan');
    expect(t('common.copy')).toBe('Kopyahin');
  });
});

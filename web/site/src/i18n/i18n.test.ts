import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { siteEn } from './en';
import { siteFil } from './fil';
import { staleSameOnPurpose, untranslated } from '@hiram/shared/testing/catalogues';
import { initSiteI18n, t } from './i18n';

afterEach(async () => {
  await setLocale('en');
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('site catalogues', () => {
  it('Filipino has exactly the English keys', () => {
    expect(Object.keys(siteFil).sort()).toEqual(Object.keys(siteEn).sort());
  });

  it('has every English text in Filipino, the same only where listed', () => {
    // Names, numbers and loanwords Filipino keeps as they are.
    const same = [
      'site.review1.author', 'site.review2.author', 'site.review3.author', 'site.contact.email',
      'site.footer.email', 'site.footer.sec', 'site.footer.coa', 'promo.company',
    ];
    expect(untranslated(siteEn, siteFil, same)).toEqual([]);
    expect(staleSameOnPurpose(siteEn, siteFil, same)).toEqual([]);
  });

  it('says phone, bank account and user in Filipino on the Filipino site', () => {
    // The 360 px screenshot walk found these English words in Filipino body text and headings.
    const english = Object.entries(siteFil).filter(([, text]) => /\bphone\b|\bbank account\b|\buser\b/i.test(text));
    expect(english).toEqual([]);
    expect(siteFil['site.reviews.title']).toBe('Mga review ng mga humiram');
  });

  it('has no empty text in either locale', () => {
    for (const catalogue of [siteEn, siteFil]) {
      expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('keeps the same placeholders in both locales', () => {
    for (const [key, text] of Object.entries(siteEn)) {
      expect([key, placeholders(siteFil[key as keyof typeof siteFil])]).toEqual([key, placeholders(text)]);
    }
  });
});

describe('t', () => {
  it('answers site keys and passes the rest to the shared catalogue', () => {
    expect(t('site.banner.goTo', { n: 2 })).toBe('Show highlight 2');
    expect(t('common.copy')).toBe('Copy');
  });

  it('loads the site’s Filipino texts when the site runs in Filipino', async () => {
    window.history.replaceState(null, '', '/?lang=fil');
    await initSiteI18n();
    expect(t('site.cta')).toBe('Mag-apply na');
    expect(t('common.copy')).toBe('Kopyahin');
  });
});

import { describe, expect, it } from 'vitest';
import { staleSameOnPurpose, untranslated } from '@hiram/shared/testing/catalogues';
import { FEATURE_CATALOGUES, LEGAL_CATALOGUES } from '../testing/borrowerCatalogues';

// The borrower pages' own catalogues beside the shared one (whose Filipino
// is checked in web/shared/src/i18n/i18n.test.ts): each feature's
// (featureTexts) and the legal pages' long texts.
const CATALOGUES = [...FEATURE_CATALOGUES, ...LEGAL_CATALOGUES].map((c) => [c.name, c] as const);

describe('feature catalogues', () => {
  it('lists every feature catalogue', () => {
    // `features/<name>/texts.ts` is named <name>; a part's own catalogue
    // (`features/<name>/<part>Texts.ts`) is named <name>/<part>.
    const files = Object.keys(import.meta.glob(['../features/*/texts.ts', '../features/*/*Texts.ts']));
    const names = files.map((file) => {
      const [, , feature = '', base = ''] = file.split('/');
      return base === 'texts.ts' ? feature : `${feature}/${base.replace(/Texts\.ts$/, '')}`;
    });
    expect(FEATURE_CATALOGUES.map((c) => c.name).sort()).toEqual(names.sort());
  });

  it('lists both languages of every legal page', () => {
    expect(Object.keys(import.meta.glob('../features/legal/content/*.{en,fil}.ts')).length).toBe(LEGAL_CATALOGUES.length * 2);
  });

  it.each(CATALOGUES)('%s has every English text in Filipino, the same only where listed', (_name, texts) => {
    expect(Object.keys(texts.fil).sort()).toEqual(Object.keys(texts.en).sort());
    expect(untranslated(texts.en, texts.fil, texts.sameInFilipino)).toEqual([]);
    expect(staleSameOnPurpose(texts.en, texts.fil, texts.sameInFilipino)).toEqual([]);
  });

  // As the shared catalogue's test asks of its texts: "{day|days}", chosen by the count.
  it.each(CATALOGUES)('%s chooses a plural by the count, not "(s)"', (_name, texts) => {
    expect([...Object.values(texts.en), ...Object.values(texts.fil)].filter((text) => text.includes('(s)'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '@hiram/shared/i18n/glossary';
import { mislabelled, offGlossary } from '@hiram/shared/testing/catalogues';
import { BORROWER_CATALOGUES } from '../testing/borrowerCatalogues';

// One name per thing on the borrower pages (decision 086): no borrower text,
// English or Filipino, calls a glossary thing by another name or shows the
// specification's jargon, and every title, label or button that is a
// glossary name reads as that name.

/**
 * Keys where a word the glossary avoids names another thing on purpose,
 * per term, each with why. Empty today; a text that needs one says so here.
 */
const ELSEWHERE = {} as const;

const CASES = BORROWER_CATALOGUES.flatMap((c) => [
  [`${c.name} (English)`, c.en, 'en'],
  [`${c.name} (Filipino)`, c.fil, 'fil'],
] as const);

describe('the glossary on the borrower pages', () => {
  it.each(CASES)('%s calls each thing by its glossary name', (_name, texts, locale) => {
    expect(offGlossary(texts, locale, ELSEWHERE)).toEqual([]);
    expect(mislabelled(texts, locale)).toEqual([]);
  });

  it('names only labels some borrower catalogue has', () => {
    const keys = new Set(BORROWER_CATALOGUES.flatMap((c) => Object.keys(c.en)));
    const labels = Object.values(GLOSSARY).flatMap((term) => ('labels' in term ? term.labels : []));
    expect(labels.filter((key) => !keys.has(key))).toEqual([]);
  });
});

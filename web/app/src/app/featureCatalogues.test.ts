import { describe, expect, it } from 'vitest';
import { staleSameOnPurpose, untranslated } from '@hiram/shared/testing/catalogues';
import * as bookKeeping from '../features/book-keeping/texts';
import * as calculator from '../features/calculator/texts';
import * as repaymentReminders from '../features/repayment-reminders/texts';

// The tools' own catalogues (featureTexts), each with what Filipino keeps
// word for word on purpose: a counter and a loan's number.
const FEATURES = [
  ['book-keeping', bookKeeping, ['book.noteCounter']],
  ['calculator', calculator, []],
  ['repayment-reminders', repaymentReminders, ['reminder.loan']],
] as const;

describe('feature catalogues', () => {
  it.each(FEATURES)('%s has every English text in Filipino, the same only where listed', (_name, texts, same) => {
    expect(Object.keys(texts.fil).sort()).toEqual(Object.keys(texts.en).sort());
    expect(untranslated(texts.en, texts.fil, same)).toEqual([]);
    expect(staleSameOnPurpose(texts.en, texts.fil, same)).toEqual([]);
  });
});

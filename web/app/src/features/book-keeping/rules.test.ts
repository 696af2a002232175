import { describe, expect, it } from 'vitest';
import { hundredthsText } from '@hiram/shared/format/format';
import {
  capNote,
  defaultDate,
  isAllowedDate,
  latestDate,
  MAX_NOTE_CHARS,
  noteLength,
  pesosToCentavos,
  shiftMonth,
  signedAmount,
  todayInManila,
} from './rules';

// 2026-05-14 20:30 in Manila (12:30 UTC).
const NOW = Date.UTC(2026, 4, 14, 12, 30);

describe('pesos typed into centavos', () => {
  it('reads pesos and up to two decimals exactly, where floating point would not', () => {
    expect(pesosToCentavos('125.50')).toEqual({ ok: true, centavos: 12550 });
    expect(pesosToCentavos('19.99')).toEqual({ ok: true, centavos: 1999 });
    expect(pesosToCentavos('0.29')).toEqual({ ok: true, centavos: 29 });
    expect(pesosToCentavos('1,250.5')).toEqual({ ok: true, centavos: 125050 });
    expect(pesosToCentavos(' ₱ 80 ')).toEqual({ ok: true, centavos: 8000 });
    expect(pesosToCentavos('80.')).toEqual({ ok: true, centavos: 8000 });
    expect(pesosToCentavos('10000000')).toEqual({ ok: true, centavos: 1_000_000_000 });
  });

  it('refuses nothing, zero, too much and what is not an amount, each with its message', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3', '.50', '12..5']) {
      expect(pesosToCentavos(text)).toEqual({ ok: false, message: 'book.amountInvalid' });
    }
    for (const text of ['0', '0.00', '000']) expect(pesosToCentavos(text)).toEqual({ ok: false, message: 'book.amountZero' });
    for (const text of ['10000000.01', '9999999999999']) {
      expect(pesosToCentavos(text)).toEqual({ ok: false, message: 'book.amountTooLarge' });
    }
  });

  it('shows centavos back as the pesos one would type', () => {
    expect(hundredthsText(12550)).toBe('125.5');
    expect(hundredthsText(8000)).toBe('80');
    expect(hundredthsText(5)).toBe('0.05');
    for (const centavos of [1, 29, 1999, 125050, 1_000_000_000]) {
      expect(pesosToCentavos(hundredthsText(centavos))).toEqual({ ok: true, centavos });
    }
  });

  it('signs an entry by its kind', () => {
    expect(signedAmount({ kind: 'income', amount: 1_500_000 })).toBe('+₱15,000.00');
    expect(signedAmount({ kind: 'expense', amount: 12550 })).toBe('-₱125.50');
  });
});

describe('dates and months', () => {
  it('allows real dates from 2000 up to tomorrow in Manila', () => {
    expect(todayInManila(NOW)).toBe('2026-05-14');
    expect(latestDate(NOW)).toBe('2026-05-15');
    expect(isAllowedDate('2026-05-15', NOW)).toBe(true);
    expect(isAllowedDate('2000-01-01', NOW)).toBe(true);
    expect(isAllowedDate('2024-02-29', NOW)).toBe(true);
    for (const date of ['2026-05-16', '1999-12-31', '2026-02-30', '2026-13-01', '14/05/2026', '']) {
      expect(isAllowedDate(date, NOW)).toBe(false);
    }
  });

  it('a Manila evening is already the next day', () => {
    expect(todayInManila(Date.UTC(2026, 4, 14, 16, 5))).toBe('2026-05-15');
  });

  it('steps months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -6)).toBe('2025-11');
  });

  it('starts a new entry today, or on the first of an earlier month being viewed', () => {
    expect(defaultDate('', NOW)).toBe('2026-05-14');
    expect(defaultDate('2026-05', NOW)).toBe('2026-05-14');
    expect(defaultDate('2026-03', NOW)).toBe('2026-03-01');
  });
});

describe('notes', () => {
  it('cuts a note at the cap, counting characters as the server does', () => {
    expect(noteLength(capNote('ñ'.repeat(MAX_NOTE_CHARS + 5)))).toBe(MAX_NOTE_CHARS);
    expect(capNote('😀'.repeat(MAX_NOTE_CHARS + 1))).toBe('😀'.repeat(MAX_NOTE_CHARS));
  });
});

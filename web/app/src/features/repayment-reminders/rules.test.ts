import { describe, expect, it } from 'vitest';
import { pesosToCentavos, withinSmsHours } from './rules';

describe('peso amounts', () => {
  it('turns pesos as typed into exact centavos', () => {
    expect(pesosToCentavos('1234.56')).toBe(123_456);
    expect(pesosToCentavos('1,234.5')).toBe(123_450);
    expect(pesosToCentavos('₱ 80')).toBe(8_000);
    expect(pesosToCentavos('0.01')).toBe(1);
    expect(pesosToCentavos('10000000')).toBe(1_000_000_000);
    // 0.1 + 0.2 style float errors cannot happen: 19.99 is 1999, not 1998.9999.
    expect(pesosToCentavos('19.99')).toBe(1_999);
    expect(pesosToCentavos('1.15')).toBe(115);
  });

  it('refuses zero, negative, over-precise, over-large and non-numbers', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', '10000000.01', '123456789', 'abc', '1e3', '.5']) {
      expect(pesosToCentavos(text), text).toBeNull();
    }
  });
});

describe('SMS hours', () => {
  it('are 08:00 to 21:00 inclusive', () => {
    expect(withinSmsHours('08:00')).toBe(true);
    expect(withinSmsHours('21:00')).toBe(true);
    expect(withinSmsHours('07:59')).toBe(false);
    expect(withinSmsHours('21:01')).toBe(false);
    expect(withinSmsHours('9:00')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { fromHundredths, hundredths } from './units';

describe('pesos and percentages to centavos and basis points', () => {
  it('converts exactly, without floating point', () => {
    expect(hundredths('1,500.5')).toBe(150050);
    expect(hundredths('0.1')).toBe(10);
    expect(hundredths('4')).toBe(400);
    expect(hundredths('1.005')).toBeNull();
    expect(hundredths('-2')).toBeNull();
    expect(hundredths('')).toBeNull();
    expect(fromHundredths(150050)).toBe('1500.5');
    expect(fromHundredths(400)).toBe('4');
    expect(fromHundredths(7)).toBe('0.07');
  });
});

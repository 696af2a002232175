import { describe, expect, it } from 'vitest';
import { amountRange, snapAmount } from './amount';

describe('amount picker rules', () => {
  it('caps at the smaller of the limit and the maximum, on the step grid', () => {
    expect(amountRange(100_000, 1_000_000, 10_000, null)).toEqual({ min: 100_000, max: 1_000_000, step: 10_000 });
    expect(amountRange(100_000, 1_000_000, 10_000, 455_000)).toEqual({ min: 100_000, max: 450_000, step: 10_000 });
    expect(amountRange(100_000, 1_000_000, 10_000, 50_000)).toBeNull();
  });

  it('snaps into the range and onto the grid', () => {
    const range = { min: 100_000, max: 450_000, step: 10_000 };
    expect(snapAmount(123_456, range)).toBe(120_000);
    expect(snapAmount(9_999_999, range)).toBe(450_000);
    expect(snapAmount(0, range)).toBe(100_000);
  });
});

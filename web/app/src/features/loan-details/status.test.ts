import { describe, expect, it } from 'vitest';
import { bannerColour, darkInk, orderActions } from './status';

describe('order status look', () => {
  it('colours the banner per spec §4, but overdue as a warning and fully paid as settled', () => {
    expect(bannerColour(21)).toBe('#A94AFF');
    expect(bannerColour(151)).toBe('#A94AFF');
    expect(bannerColour(110)).toBe('#E15050');
    expect(bannerColour(174)).toBe('#3E9A60');
    // Overdue: the warning amber, in dark ink; fully paid: a calm green, in white.
    expect(bannerColour(180)).toBe('#EEA71D');
    expect(darkInk(180)).toBe(true);
    expect(bannerColour(200)).toBe('#2E7D4A');
    expect(darkInk(200)).toBe(false);
    expect(bannerColour(170)).toBeNull();
    expect(bannerColour(999)).toBe('#A94AFF');
  });

  it('chooses the buttons per spec §4', () => {
    expect(orderActions(174, '1', 0)).toEqual(['repay', 'rollover']);
    expect(orderActions(180, '1', 0)).toEqual(['repay', 'rollover']);
    expect(orderActions(174, '0', 0)).toEqual(['repayment']);
    // 170: nothing to repay before the money arrives; the account it waits for, if any.
    expect(orderActions(170, '0', 0)).toEqual([]);
    expect(orderActions(170, '0', 1)).toEqual(['bindAccount']);
    expect(orderActions(200, '0', 0)).toEqual(['borrowAgain']);
    expect(orderActions(21, '1', 0)).toEqual([]);
  });
});

// The amount picker's rules: whole steps from the product's minimum up to the
// borrower's ceiling. All values in centavos.

export interface AmountRange {
  min: number;
  /** The highest amount on the step grid that is within the maximum and the limit. */
  max: number;
  step: number;
}

/** The pickable range, or null when the limit is below the product's minimum. */
export function amountRange(minAmount: number, maxAmount: number, step: number, limit: number | null): AmountRange | null {
  const ceiling = Math.min(limit ?? maxAmount, maxAmount);
  if (ceiling < minAmount) return null;
  const safeStep = step > 0 ? step : 1;
  const max = minAmount + Math.floor((ceiling - minAmount) / safeStep) * safeStep;
  return { min: minAmount, max, step: safeStep };
}

/** `value` moved onto the step grid and into the range. */
export function snapAmount(value: number, range: AmountRange): number {
  if (!Number.isFinite(value)) return range.min;
  const steps = Math.round((value - range.min) / range.step);
  const snapped = range.min + steps * range.step;
  return Math.min(range.max, Math.max(range.min, snapped));
}

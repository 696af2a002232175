// Staff type pesos and percentages; the server takes centavos and basis
// points. Exact decimal conversion (no floating point): at most two
// decimals, as money and rates are written.

/** `"1,500.5"` → 150050; null when it is not a plain amount with ≤ 2 decimals. */
export function hundredths(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 150050 → `"1500.50"`; 400 → `"4"` (trailing zeros dropped). */
export function fromHundredths(value: number): string {
  const whole = Math.trunc(value / 100);
  const rest = String(Math.abs(value % 100)).padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

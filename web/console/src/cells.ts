// A report's cells as both exports write them: text, a number, or money in
// whole centavos, written as exact pesos (never through a float).

export type ReportCell = string | number | null | undefined | { centavos: number };

export const money = (centavos: number): ReportCell => ({ centavos });

/** Pesos to the centavo with a point and no grouping (`-1234.05`), as spreadsheets read them. */
export function pesosText(centavos: number): string {
  const whole = Math.abs(centavos);
  return `${centavos < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

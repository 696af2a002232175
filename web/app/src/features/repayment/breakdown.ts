// What the extension's amount to pay now is made of, read from the detail
// rows the server sends (delay-detail): the reply carries the parts only as
// labelled rows (the charges due, the extension fee, then "To pay now"), so
// the page finds them by their figures rather than by their words, which
// follow the borrower's language.
import type { DetailRow } from './api/getRepaymentInfo';

/** `₱1,213.32` (or the demo's `₹`) → 121332; null for any other text. */
function centavosOf(value: string): number | null {
  const m = /^(-?)[₱₹]([\d,]+)\.(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const cents = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

export interface Breakdown {
  /** The parts of the amount, in the server's order, each with its label. */
  parts: DetailRow[];
  /** The other rows (the order number, the dates, the rate), for the details list. */
  rest: DetailRow[];
}

/**
 * Splits the rows into the parts of `total` and the rest: the parts are the
 * amounts just before the row that is the total, as many as add up to it
 * exactly; the total's own row goes (the page shows the total large). When
 * no such rows are found, there is no breakdown and every row stays.
 */
export function splitBreakdown(rows: readonly DetailRow[], total: number): Breakdown {
  if (total <= 0) return { parts: [], rest: [...rows] };
  for (let at = 1; at < rows.length; at += 1) {
    if (centavosOf(rows[at]!.value) !== total) continue;
    let sum = 0;
    for (let from = at - 1; from >= 0; from -= 1) {
      const amount = centavosOf(rows[from]!.value);
      if (amount === null) break;
      sum += amount;
      if (sum === total) return { parts: rows.slice(from, at), rest: [...rows.slice(0, from), ...rows.slice(at + 1)] };
    }
  }
  return { parts: [], rest: [...rows] };
}

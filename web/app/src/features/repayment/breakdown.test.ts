import { describe, expect, it } from 'vitest';
import { splitBreakdown } from './breakdown';

const row = (text: string, value: string) => ({ text, value });

// The rows of delay-detail as the server sends them (extension.rs).
const ROWS = [
  row('Loan number', 'HR202611110004'),
  row('Interest, fees and late charges due', '₱606.66'),
  row('Extension fee', '₱606.66'),
  row('To pay now', '₱1,213.32'),
  row('Loan amount still to repay', '₱5,000.00'),
  row('New due date', '2027-05-12'),
];

describe('splitBreakdown', () => {
  it('takes the amounts before the total that add up to it, and drops the total row', () => {
    const { parts, rest } = splitBreakdown(ROWS, 121_332);
    expect(parts.map((r) => r.text)).toEqual(['Interest, fees and late charges due', 'Extension fee']);
    expect(rest.map((r) => r.text)).toEqual(['Loan number', 'Loan amount still to repay', 'New due date']);
  });

  it('finds the parts by their figures, whatever the language of the labels', () => {
    const fil = ROWS.map((r, i) => ({ ...r, text: `Hanay ${i}` }));
    expect(splitBreakdown(fil, 121_332).parts.map((r) => r.text)).toEqual(['Hanay 1', 'Hanay 2']);
  });

  it('keeps a zero part and skips an earlier row that only equals the total', () => {
    const rows = [row('Loan number', 'HR1'), row('Charges due', '₱500.00'), row('Extension fee', '₱0.00'), row('To pay now', '₱500.00')];
    const { parts, rest } = splitBreakdown(rows, 50_000);
    expect(parts.map((r) => r.text)).toEqual(['Charges due', 'Extension fee']);
    expect(rest.map((r) => r.text)).toEqual(['Loan number']);
  });

  it('gives no breakdown, and keeps every row, when nothing adds up to the amount', () => {
    expect(splitBreakdown(ROWS, 99_999)).toEqual({ parts: [], rest: ROWS });
    expect(splitBreakdown(ROWS.slice(3), 121_332)).toEqual({ parts: [], rest: ROWS.slice(3) });
    expect(splitBreakdown(ROWS, 0)).toEqual({ parts: [], rest: ROWS });
  });

  it('reads the demo currency too', () => {
    const rows = [row('Charges due', '₹1,000.00'), row('Extension fee', '₹250.50'), row('To pay now', '₹1,250.50')];
    expect(splitBreakdown(rows, 125_050).parts).toHaveLength(2);
  });
});

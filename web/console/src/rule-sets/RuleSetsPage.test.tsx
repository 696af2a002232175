import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { ADMIN, AUDITOR, consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { RuleSetRow } from './api';
import { RuleSetsPage } from './RuleSetsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const BSP: RuleSetRow = {
  code: 'BSP-1133',
  source: 'BSP Circular No. 1133, series of 2021; SEC Memorandum Circular No. 3, series of 2022',
  inForceFrom: '2022-01-03',
  maxPrincipal: 1_000_000,
  maxTermMonths: 4,
  nominalMonthlyBp: 600,
  eirMonthlyBp: 1500,
  penaltyMonthlyBp: 500,
  totalCostBp: 10_000,
  covers: true,
  inForceToday: false,
  productsBreaking: [],
};
const SEC: RuleSetRow = {
  ...BSP,
  code: 'SEC-MC-14-2025',
  source: 'SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))',
  inForceFrom: '2026-04-01',
  eirMonthlyBp: 1200,
  inForceToday: true,
  productsBreaking: ['Old Dear Loan'],
};
const LIST = ok({ rows: [BSP, SEC] });

describe('rule sets', () => {
  it('lists every rule set, marks the one in force today and names the products breaking it; a reader gets no form', async () => {
    consoleApi({ '/rule-sets': LIST });
    renderSection(<RuleSetsPage me={AUDITOR} />);
    const table = await screen.findByRole('table', { name: 'Rule sets' });
    const [, bsp, sec] = await waitFor(() => {
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(bsp!.textContent).not.toContain('In force today');
    expect(bsp!.textContent).toContain('effective 15% a month');
    expect(bsp!.textContent).toContain('None');
    expect(sec!.getAttribute('aria-current')).toBe('true');
    expect(sec!.textContent).toContain('SEC-MC-14-2025In force today');
    expect(sec!.textContent).toContain('2026-04-01');
    expect(sec!.textContent).toContain('loans up to ₱10,000.00, within 4 months');
    // One ceiling a line.
    expect([...sec!.querySelectorAll('.c-lines li')].map((li) => li.textContent)).toEqual([
      'nominal 6% a month',
      'effective 12% a month',
      'penalties 5% a month',
      'all charges 100%',
    ]);
    expect(sec!.textContent).toContain('Old Dear Loan');
    expect(screen.queryByRole('button', { name: 'Add a rule set' })).toBeNull();
    expect(screen.getByText('Only an administrator can correct or add rule sets.')).toBeTruthy();
  });

  it('an admin corrects a rule set with a reason: sent in centavos, basis points and months', async () => {
    const api = consoleApi({ '/rule-sets': (_url: string, init?: RequestInit) => (init?.method === 'POST' ? LIST : LIST) });
    renderSection(<RuleSetsPage me={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Correct SEC-MC-14-2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct SEC-MC-14-2025' });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('SEC-MC-14-2025');
    expect((within(dialog).getByLabelText('Effective interest rate a month (%)') as HTMLInputElement).value).toBe('12');
    fireEvent.change(within(dialog).getByLabelText('In force from'), { target: { value: '2026-04-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Write the reason, at least 5 characters.')).toBeTruthy();
    expect(api.calls('/rule-sets').filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'The SEC moved the date by a day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/rule-sets').filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const sent = form(api.calls('/rule-sets').find(([, init]) => init?.method === 'POST')![1]);
    expect(sent).toEqual({
      code: 'SEC-MC-14-2025',
      source: 'SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))',
      inForceFrom: '2026-04-02',
      maxPrincipal: '1000000',
      maxTermMonths: '4',
      nominalMonthlyBp: '600',
      eirMonthlyBp: '1200',
      penaltyMonthlyBp: '500',
      totalCostBp: '10000',
      reason: 'The SEC moved the date by a day',
    });
    await waitFor(() => expect(getToast()?.message).toBe('Rule set saved. The audit log keeps the reason.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a field the server refuses beside it, and a figure that is not a number before sending', async () => {
    const api = consoleApi({
      '/rule-sets': (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? fail('400', 'Each ceiling is 0.01% to 1,000%.', { field: 'eirMonthlyBp' }) : LIST,
    });
    renderSection(<RuleSetsPage me={ADMIN} />);
    const add = (await screen.findByRole('button', { name: 'Add a rule set' })) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Add a rule set' });
    // A new rule set starts from the ceilings in force, unnamed and undated.
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Nominal interest a month (%)') as HTMLInputElement).value).toBe('6');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'SEC-MC-99-2027' } });
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'SEC Memorandum Circular No. 99, series of 2027' } });
    fireEvent.change(within(dialog).getByLabelText('In force from'), { target: { value: '2027-07-01' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'The next circular' } });
    const eir = within(dialog).getByLabelText('Effective interest rate a month (%)');
    fireEvent.change(eir, { target: { value: 'ten' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Type a plain figure: pesos or a percentage with at most 2 decimals, or whole months.')).toBeTruthy();
    expect(eir.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(eir, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Each ceiling is 0.01% to 1,000%.')).toBeTruthy();
    expect(eir.getAttribute('aria-invalid')).toBe('true');
    expect(form(api.calls('/rule-sets').find(([, init]) => init?.method === 'POST')![1])).toMatchObject({ code: 'SEC-MC-99-2027', eirMonthlyBp: '0' });
  });
});

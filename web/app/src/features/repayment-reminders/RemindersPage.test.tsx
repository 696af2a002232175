import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import RemindersPage from './RemindersPage';
import { INDEX, LIST } from './testData';

function setup(index = INDEX, list = LIST) {
  mockApi({ '/repayment-product/index': ok(index), '/repayment-product/get-list': ok(list) });
  renderRoute('/repaymentReminders?sessionId=s1', '/repaymentReminders', <RemindersPage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('repayment reminders', () => {
  it('adds up what falls due in the next 30 days, soonest first, without the loans already overdue', async () => {
    setup();
    const upcoming = await screen.findByRole('region', { name: 'Due in the next 30 days' });
    // ₱11,174.20 in all, less the overdue loan's ₱3,123.45.
    expect(within(upcoming).getByText('₱8,050.75')).toBeTruthy();
    const rows = within(upcoming).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      'MeralcoDue Mar 15, 2026, in 5 days₱2,450.75',
      'Bayanihan Cash ExpressDue Mar 20, 2026, in 10 days₱5,600.00',
    ]);
    expect(within(upcoming).getByText('Reminders on: 1')).toBeTruthy();
  });

  it('lists an overdue loan under its own heading, first, with its total', async () => {
    setup();
    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(within(overdue).getByText('₱3,123.45', { selector: '.app-amount' })).toBeTruthy();
    expect(within(overdue).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Kalesa Quick PeraDue Mar 3, 2026, 7 days overdue₱3,123.45',
    ]);
    const upcoming = screen.getByRole('region', { name: 'Due in the next 30 days' });
    expect(overdue.compareDocumentPosition(upcoming) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // It reads as late: the group, its total and "7 days overdue" take the
    // danger shade (app.css); the upcoming group keeps the plain and muted text.
    expect(overdue.classList.contains('app-overdue')).toBe(true);
    expect(within(overdue).getByText('Due Mar 3, 2026, 7 days overdue').className).toContain('app-overdue-when');
    expect(upcoming.classList.contains('app-overdue')).toBe(false);
    expect(upcoming.querySelector('.app-overdue-when')).toBeNull();
  });

  it('has no overdue heading when nothing is overdue', async () => {
    setup({ ...INDEX, upcoming: INDEX.upcoming.filter((item) => (item.daysLeft ?? 0) >= 0), upcomingTotal: 245_075 + 560_000 });
    const upcoming = await screen.findByRole('region', { name: 'Due in the next 30 days' });
    expect(within(upcoming).getByText('₱8,050.75')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Overdue' })).toBeNull();
  });

  it('lists the own loans with their reminders, and the bills with an edit link', async () => {
    setup();
    const loans = await screen.findByRole('region', { name: 'Your Hiram loans' });
    const loan = within(loans).getByRole('listitem', { name: 'Bayanihan Cash Express' });
    expect(loan.textContent).toContain('Loan HR202603010004');
    expect(loan.textContent).toContain('Reminder: 2 days before, at 09:30');
    expect(within(loan).queryByRole('link', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(loan).getByRole('link', { name: 'Change reminder' }));
    expect(screen.getByTestId('where').textContent).toBe('/repaymentReminder?sessionId=s1&kind=order&id=41');
  });

  it('a bill shows its repeat and a switched-off reminder, and opens for editing', async () => {
    setup();
    const bills = await screen.findByRole('region', { name: 'Your bills' });
    const bill = within(bills).getByRole('listitem', { name: 'Meralco' });
    expect(bill.textContent).toContain('Due Mar 15, 2026, in 5 days · Every month');
    expect(bill.textContent).toContain('No reminder');
    expect(within(bill).getByRole('link', { name: 'Set reminder' }).getAttribute('href')).toBe(
      '/repaymentReminder?sessionId=s1&kind=bill&id=7',
    );
    fireEvent.click(within(bill).getByRole('link', { name: 'Edit' }));
    expect(screen.getByTestId('where').textContent).toBe('/repaymentBill?sessionId=s1&repayProductId=7');
  });

  it('says when nothing is due and nothing is listed, and offers to add a bill', async () => {
    setup({ ...INDEX, upcoming: [], upcomingTotal: 0, remindersOn: 0 }, { orders: [], bills: [] });
    expect(await screen.findByText('Nothing falls due in the next 30 days.')).toBeTruthy();
    expect(screen.getByText('You have no loans in repayment.')).toBeTruthy();
    expect(screen.getByText(/we will text you before each due date/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Add a bill' }));
    expect(screen.getByTestId('where').textContent).toBe('/repaymentBill?sessionId=s1');
  });
});

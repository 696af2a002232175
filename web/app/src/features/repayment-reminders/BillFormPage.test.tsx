import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import BillFormPage from './BillFormPage';
import { BILL_INFO } from './testData';

const SAVE = '/repayment-product/save-repay-product';
const DELETE = '/repayment-product/delete-repay-product';

function setup(query = 'sessionId=s1', routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    [SAVE]: { code: '00', message: 'Bill saved.', data: { repayProductId: 9 } },
    '/repayment-product/repay-product-info': ok(BILL_INFO),
    [DELETE]: { code: '00', message: 'Bill deleted.', data: null },
    ...routes,
  });
  renderRoute(`/repaymentBill?${query}`, '/repaymentBill', <BillFormPage />);
  return api;
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const sent = (api: ReturnType<typeof setup>, path: string) =>
  api.calls(path).map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('adding a bill', () => {
  it('sends pesos as exact centavos and goes back to the list with the server message', async () => {
    const api = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a bill' })).toBeTruthy();
    type('What is it for?', '  Upa sa bahay ');
    type('Amount (₱)', '1,234.56');
    type('Due date', '2026-04-05');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: 'monthly' } });
    expect(screen.getByText(/in a shorter month it falls on the last day/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'kay Aling Nena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bill' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/repaymentReminders?sessionId=s1'));
    expect(sent(api, SAVE)).toEqual([
      { name: 'Upa sa bahay', amount: '123456', dueDate: '2026-04-05', repeat: 'monthly', note: 'kay Aling Nena' },
    ]);
    expect(getToast()?.message).toBe('Bill saved.');
    expect(screen.queryByRole('button', { name: 'Delete bill' })).toBeNull();
  });

  it('checks the name, amount and date before sending anything', () => {
    const api = setup();
    type('Amount (₱)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Save bill' }));
    expect(screen.getByText('Please enter what the bill is for.')).toBeTruthy();
    expect(screen.getByText(/amount from ₱0.01 to ₱10,000,000.00, with at most 2 decimals/)).toBeTruthy();
    expect(screen.getByText('Please choose the due date.')).toBeTruthy();
    expect(input('Amount (₱)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(SAVE)).toHaveLength(0);
  });

  it('shows the server refusal and stays on the form', async () => {
    setup('sessionId=s1', {
      [SAVE]: fail('400', 'Please choose a due date within the past year or the next 5 years.'),
    });
    type('What is it for?', 'Load');
    type('Amount (₱)', '100');
    type('Due date', '2040-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save bill' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please choose a due date within the past year or the next 5 years.',
    );
    expect(getToast()).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('editing a bill', () => {
  it('starts from the saved bill and sends its id', async () => {
    const api = setup('sessionId=s1&repayProductId=7');
    expect(await screen.findByDisplayValue('Meralco')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit bill' })).toBeTruthy();
    expect(input('Amount (₱)').value).toBe('2450.75');
    expect(input('Due date').value).toBe('2026-02-15');
    type('Amount (₱)', '2500');
    fireEvent.click(screen.getByRole('button', { name: 'Save bill' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(sent(api, SAVE)[0]).toEqual({
      repayProductId: '7',
      name: 'Meralco',
      amount: '250000',
      dueDate: '2026-02-15',
      repeat: 'monthly',
      note: 'kuryente',
    });
  });

  it('deletes it after a confirmation', async () => {
    const api = setup('sessionId=s1&repayProductId=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete bill' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this bill?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(DELETE)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete bill' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/repaymentReminders?sessionId=s1'));
    expect(sent(api, DELETE)).toEqual([{ repayProductId: '7' }]);
    expect(getToast()?.message).toBe('Bill deleted.');
  });

  it('says so when the bill is not there', async () => {
    setup('sessionId=s1&repayProductId=99', {
      '/repayment-product/repay-product-info': fail('404', 'We could not find what you are looking for.'),
    });
    expect(await screen.findByText('This bill was not found. It may have been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save bill' })).toBeNull();
  });
});

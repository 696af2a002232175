import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast, runToastAction } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import RecordFormPage from './RecordFormPage';
import { CATEGORIES, record } from './testData';

const SAVE = '/book-keeping/save-record';
const UPLOAD = '/book-keeping/upload-image';
const DELETE = '/book-keeping/delete-book-keeping';

function setup(query: string, routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    '/book-keeping/get-category-list': ok(CATEGORIES),
    '/book-keeping/get-info': ok(record({ image: '/pany/uploads/abc' })),
    [UPLOAD]: ok({ url: '/pany/uploads/r1' }),
    [SAVE]: ok({ id: 11 }),
    [DELETE]: ok(null),
    ...routes,
  });
  renderRoute(`/bookKeepingRecord?${query}`, '/bookKeepingRecord', <RecordFormPage />);
  return api;
}

const sent = (api: ReturnType<typeof setup>, path: string, n = 0) =>
  Object.fromEntries(new URLSearchParams(String(api.calls(path)[n]![1]?.body)));
const amount = () => screen.getByRole('textbox', { name: 'Amount (₱)' }) as HTMLInputElement;
const dateField = () => screen.getByLabelText('Date') as HTMLInputElement;

beforeEach(() => {
  // 2026-05-14 20:30 in Manila; only Date is faked, so React's timers run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 4, 14, 12, 30));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  hideToast();
});

describe('adding an entry', () => {
  it('sends the amount in exact centavos with the category, date, note and receipt', async () => {
    const api = setup('sessionId=s1');
    await screen.findByRole('radio', { name: 'Food and groceries' });
    expect(screen.getByRole('heading', { level: 1, name: 'Add an entry' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Expense' }).getAttribute('aria-checked')).toBe('true');
    expect(dateField().value).toBe('2026-05-14');
    expect(dateField().max).toBe('2026-05-15');
    fireEvent.change(amount(), { target: { value: '1,019.99' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Fare and transport' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: '  Jeep at tricycle ' } });
    fireEvent.change(screen.getByLabelText('Add a receipt picture'), {
      target: { files: [new File(['png'], 'resibo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Receipt' })).toBeTruthy();
    expect((api.calls(UPLOAD)[0]![1]?.body as FormData).get('image')).toBeInstanceOf(File);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(sent(api, SAVE)).toEqual({
      kind: 'expense',
      amount: '101999',
      category: 'transport',
      date: '2026-05-14',
      note: 'Jeep at tricycle',
      image: '/pany/uploads/r1',
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bookKeeping?sessionId=s1&month=2026-05'));
    expect(getToast()?.message).toBe('Saved');
  });

  it('says what to fix and sends nothing while the amount, category or date is wrong', async () => {
    const api = setup('sessionId=s1');
    await screen.findByRole('radio', { name: 'Food and groceries' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the amount as a number, like 125.50.')).toBeTruthy();
    expect(screen.getByText('Please choose a category.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '0' } });
    fireEvent.change(dateField(), { target: { value: '2026-05-16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter an amount more than ₱0.00.')).toBeTruthy();
    expect(screen.getByText('Please choose a date from 2000 up to tomorrow.')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount(), { target: { value: '10000000.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount can be at most ₱10,000,000.00. Please check the number.')).toBeTruthy();
    expect(api.calls(SAVE)).toHaveLength(0);
  });

  it('shows income categories for income, and forgets an expense category', async () => {
    const api = setup('sessionId=s1&month=2026-03');
    fireEvent.click(await screen.findByRole('radio', { name: 'Food and groceries' }));
    expect(dateField().value).toBe('2026-03-01');
    fireEvent.click(screen.getByRole('radio', { name: 'Income' }));
    expect(screen.queryByRole('radio', { name: 'Food and groceries' })).toBeNull();
    // Only the kind is chosen: no category of the other kind stays checked.
    expect(screen.getAllByRole('radio', { checked: true })).toEqual([screen.getByRole('radio', { name: 'Income' })]);
    fireEvent.change(amount(), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose a category.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Remittance received' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(sent(api, SAVE)).toMatchObject({ kind: 'income', amount: '300000', category: 'remittance', date: '2026-03-01', image: '' });
  });

  it('keeps the form as typed when the server refuses it', async () => {
    setup('sessionId=s1', { [SAVE]: fail('400', 'The receipt picture was not found. Please add it again.') });
    fireEvent.click(await screen.findByRole('radio', { name: 'Food and groceries' }));
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getToast()?.message).toBe('The receipt picture was not found. Please add it again.'));
    expect(screen.getByTestId('location').textContent).toBe('/bookKeepingRecord?sessionId=s1');
    expect(amount().value).toBe('50');
  });
});

describe('editing an entry', () => {
  it('opens with what the entry says and saves it under its id', async () => {
    const api = setup('sessionId=s1&id=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit entry' })).toBeTruthy();
    await waitFor(() => expect(amount().value).toBe('125.5'));
    expect((screen.getByRole('radio', { name: 'Food and groceries' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Receipt' }).getAttribute('src')).toBe('/pany/uploads/abc?sessionId=s1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the receipt picture' }));
    fireEvent.change(amount(), { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(sent(api, SAVE)).toMatchObject({ id: '7', amount: '13000', image: '' });
  });

  it('deletes with an Undo toast that brings the entry back', async () => {
    // Once deleted, the entry is not found: asking for it again would toast over Undo.
    const api = setup('sessionId=s1&id=7', {
      '/book-keeping/get-info': [ok(record()), fail('404', 'We could not find what you are looking for.')],
    });
    await waitFor(() => expect(amount().value).toBe('125.5'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToast()?.message).toBe('Entry deleted'));
    expect(sent(api, DELETE)).toEqual({ id: '7' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bookKeeping?sessionId=s1&month=2026-05'));
    expect(getToast()?.action?.label).toBe('Undo');
    act(() => runToastAction());
    await waitFor(() => expect(getToast()?.message).toBe('Entry brought back'));
    expect(sent(api, DELETE, 1)).toEqual({ id: '7', undo: '1' });
    expect(api.calls('/book-keeping/get-info')).toHaveLength(1);
  });

  it("says so when the entry is not there (or not the borrower's)", async () => {
    setup('sessionId=s1&id=99', { '/book-keeping/get-info': fail('404', 'We could not find what you are looking for.') });
    expect(await screen.findByText('This entry was not found. It may have been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

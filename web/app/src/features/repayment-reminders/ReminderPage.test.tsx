import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import ReminderPage from './ReminderPage';
import { LIST } from './testData';

const SET = '/repayment-product/set-reminder';
const CLOSE = '/repayment-product/close-reminder';
const OUTSIDE =
  'We send reminders only from 8:00 AM to 9:00 PM, Manila time. Please choose a time from 08:00 to 21:00.';
const HOURS_HINT = 'We text your own number only from 8:00 AM to 9:00 PM, Manila time.';

function setup(query: string, routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    '/repayment-product/get-list': ok(LIST),
    [SET]: { code: '00', message: 'Reminder set. We will text you before the due date.', data: null },
    [CLOSE]: { code: '00', message: 'Reminder turned off.', data: null },
    ...routes,
  });
  renderRoute(`/repaymentReminder?${query}`, '/repaymentReminder', <ReminderPage />);
  return api;
}

const sent = (api: ReturnType<typeof setup>, path: string) =>
  api.calls(path).map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));
const time = () => screen.getByLabelText('Time (Manila)') as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('a bill reminder', () => {
  it('starts from the saved choice, sends the days and time, and goes back with the message', async () => {
    const api = setup('sessionId=s1&kind=bill&id=7');
    expect(await screen.findByRole('heading', { name: 'Reminder for Meralco' })).toBeTruthy();
    expect(time().value).toBe('20:00');
    expect((screen.getByLabelText('When') as HTMLSelectElement).value).toBe('1');
    expect(screen.queryByRole('button', { name: 'Turn off reminder' })).toBeNull();
    fireEvent.change(screen.getByLabelText('When'), { target: { value: '0' } });
    fireEvent.change(time(), { target: { value: '08:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/repaymentReminders?sessionId=s1'));
    expect(sent(api, SET)).toEqual([{ repayProductId: '7', daysBefore: '0', remindTime: '08:15' }]);
    expect(getToast()?.message).toBe('Reminder set. We will text you before the due date.');
  });

  it('states the SMS hours once: the refusal of a time outside them takes the hint’s place under the time, no toast, and stays', async () => {
    setup('sessionId=s1&kind=bill&id=7', { [SET]: fail('400', OUTSIDE) });
    await screen.findByRole('heading', { name: 'Reminder for Meralco' });
    expect(screen.getByText(HOURS_HINT)).toBeTruthy();
    fireEvent.change(time(), { target: { value: '07:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(await screen.findByText(OUTSIDE)).toBeTruthy();
    expect(time().getAttribute('aria-invalid')).toBe('true');
    expect(time().getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
    // The rule once, beside the field: not also as the hint, nor as a toast.
    expect(screen.getAllByText(/8:00 AM to 9:00 PM/)).toHaveLength(1);
    expect(screen.queryByText(HOURS_HINT)).toBeNull();
    expect(getToast()).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.change(time(), { target: { value: '09:00' } });
    expect(screen.queryByText(OUTSIDE)).toBeNull();
    expect(screen.getByText(HOURS_HINT)).toBeTruthy();
  });
});

describe('a loan reminder', () => {
  it('shows the loan and the next text, and can be turned off', async () => {
    const api = setup('sessionId=s1&kind=order&id=41');
    expect(await screen.findByRole('heading', { name: 'Reminder for Bayanihan Cash Express' })).toBeTruthy();
    expect(screen.getByText('Loan HR202603010004')).toBeTruthy();
    expect(screen.getByText('Next text: Mar 18, 2026 09:30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off reminder' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/repaymentReminders?sessionId=s1'));
    expect(sent(api, CLOSE)).toEqual([{ orderId: '41' }]);
    expect(getToast()?.message).toBe('Reminder turned off.');
  });

  it('sends the loan as orderId', async () => {
    const api = setup('sessionId=s1&kind=order&id=41');
    await screen.findByRole('heading', { name: 'Reminder for Bayanihan Cash Express' });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(api.calls(SET)).toHaveLength(1));
    expect(sent(api, SET)[0]).toEqual({ orderId: '41', daysBefore: '2', remindTime: '09:30' });
  });

  it('says so when the loan or bill is not in the list', async () => {
    setup('sessionId=s1&kind=order&id=7');
    expect(await screen.findByText(/Nothing to remind you of was chosen/)).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import type { CollectionRow, ContactRow, Me } from '../api';
import { AUDITOR, consoleApi, fail, form, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { CollectionsPage } from './CollectionsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const OFFICER: Me = {
  id: 7,
  email: 'credit@example.ph',
  name: 'Cora Dizon',
  role: 'credit_officer',
  permissions: ['view_borrowers', 'view_orders', 'decide_applications', 'view_collections', 'log_collection_contacts', 'view_dashboard'],
  withheld: [],
};

function row(orderId: number, overrides: Partial<CollectionRow> = {}): CollectionRow {
  return {
    orderId,
    orderNo: `HR2025030${orderId}`,
    borrowerId: 40 + orderId,
    borrowerName: 'Maria Clara Santos',
    borrowerPhone: '•••• ••• 0100',
    daysPastDue: 12,
    bucket: '1-30',
    amountOwed: 327300,
    lastContactAt: null,
    lastContactOutcome: null,
    ...overrides,
  };
}

const CONTACT: ContactRow = {
  id: 1,
  at: '2025-03-04T02:30:00Z',
  staff: 'Cora Dizon',
  apiToken: false,
  channel: 'call',
  outcome: 'no_answer',
  note: 'Rang twice',
  daysPastDue: 11,
  basis: 'within_hours',
};

const page = (rows: CollectionRow[], total = rows.length, pageNo = 1) => ok({ rows, total, page: pageNo, pageSize: 25 });
const table = () => screen.getByRole('table', { name: 'Collections' });
const REFUSAL =
  'Borrowers may be contacted only from 6:00 AM to 10:00 PM Manila time. Outside those hours, only a loan more than 15 days past due, or a borrower who agreed to be contacted at any hour, may be contacted.';

describe('collections', () => {
  it('shows the server’s page of overdue loans, filters by days past due and exports the same filter', async () => {
    const api = consoleApi({
      '/collections': page([row(1, { daysPastDue: 45, bucket: '31-60', lastContactAt: '2025-03-04T02:30:00Z', lastContactOutcome: 'promised_to_pay' }), row(2)]),
      '/collections/contacts': ok([{ ...CONTACT, id: 2, staff: 'dialer', apiToken: true, note: 'Left a message' }, CONTACT]),
    });
    renderSection(<CollectionsPage me={AUDITOR} />);
    expect(await within(table()).findAllByText('₱3,273.00')).toHaveLength(2);
    expect(query(api.calls('/collections')[0]![0])).toEqual({ sort: 'days_past_due_desc', page: '1', pageSize: '25' });
    expect(within(table()).getByText('45 days')).toBeTruthy();
    expect(within(table()).getByText('Promised to pay')).toBeTruthy();
    expect(within(table()).getAllByText('•••• ••• 0100')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Days past due'), { target: { value: '31-60' } });
    await waitFor(() => expect(api.calls('/collections')).toHaveLength(2));
    expect(query(api.calls('/collections')[1]![0])).toEqual({ bucket: '31-60', sort: 'days_past_due_desc', page: '1', pageSize: '25' });

    fireEvent.click(within(table()).getByRole('button', { name: 'Open order HR20250301' }));
    const panel = screen.getByRole('complementary', { name: 'Order HR20250301' });
    expect(await within(panel).findByText('Rang twice')).toBeTruthy();
    expect(query(api.calls('/collections/contacts')[0]![0])).toEqual({ orderId: '1' });
    expect(within(panel).getAllByText('Within contact hours', { exact: false })).toHaveLength(2);
    expect(within(panel).getByText('Call by Cora Dizon', { exact: false })).toBeTruthy();
    expect(within(panel).getByText('Call by the API token “dialer”', { exact: false })).toBeTruthy();
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save contact' })).toBeNull();
  });

  it('pages on the server and starts again from page 1 when the order changes', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i + 1));
    const api = consoleApi({ '/collections': (url: string) => page(rows, 30, Number(query(url).page)) });
    renderSection(<CollectionsPage me={AUDITOR} />);
    expect(await screen.findByText('Page 1 of 2 · 30 in all')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('/collections')).toHaveLength(2));
    expect(query(api.calls('/collections')[1]![0]).page).toBe('2');
    expect(await screen.findByText('Page 2 of 2 · 30 in all')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order by'), { target: { value: 'amount_owed_desc' } });
    await waitFor(() => expect(api.calls('/collections')).toHaveLength(3));
    expect(query(api.calls('/collections')[2]![0])).toMatchObject({ sort: 'amount_owed_desc', page: '1' });
  });

  it('logs a contact with the borrower and shows the server’s refusal as the form’s error', async () => {
    const api = consoleApi({
      '/collections': page([row(1)]),
      '/collections/contacts': (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return ok([]);
        return form(init).note === 'late call' ? fail('409', REFUSAL, { reason: 'outside_contact_hours' }) : ok({ id: 9 });
      },
    });
    renderSection(<CollectionsPage me={OFFICER} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR20250301' }));
    const panel = screen.getByRole('complementary', { name: 'Order HR20250301' });
    expect(await within(panel).findByText('No contacts logged yet.')).toBeTruthy();
    const contactForm = within(panel).getByRole('form', { name: 'Log a contact' });
    fireEvent.change(within(contactForm).getByLabelText('Channel'), { target: { value: 'sms' } });
    fireEvent.change(within(contactForm).getByLabelText('Outcome'), { target: { value: 'promised_to_pay' } });
    fireEvent.change(within(contactForm).getByLabelText('Note'), { target: { value: 'late call' } });
    fireEvent.click(within(contactForm).getByRole('button', { name: 'Save contact' }));
    expect((await within(contactForm).findByRole('alert')).textContent).toBe(REFUSAL);
    expect(getToast()).toBeNull();
    const posts = () => api.calls('/collections/contacts').filter(([, init]) => init?.method === 'POST');
    expect(form(posts()[0]![1])).toEqual({ orderId: '1', channel: 'sms', outcome: 'promised_to_pay', note: 'late call' });

    fireEvent.change(within(contactForm).getByLabelText('Note'), { target: { value: 'will pay Friday' } });
    fireEvent.click(within(contactForm).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(getToast()?.message).toBe('Contact logged.'));
    expect(within(contactForm).queryByRole('alert')).toBeNull();
    expect((within(contactForm).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(api.calls('/collections')).toHaveLength(2));
    expect(api.calls('/collections/contacts').filter(([, init]) => init?.method !== 'POST')).toHaveLength(2);
  });
});

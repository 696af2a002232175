import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { auditRow, captureDownloads, consoleApi, page, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { AuditPage } from './AuditPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const ROWS = [
  auditRow(12, { at: '2025-03-04T02:30:00Z' }),
  auditRow(11, { staffId: null, staffName: null, action: 'staff.create', subject: 'staff:3', before: null, after: { email: 'care@example.ph', role: 'customer_care' }, at: '2025-03-04T01:00:00Z' }),
  auditRow(10, { action: 'staff.sign_in', subject: 'staff:3', before: null, after: null, at: '2025-03-04T00:59:00Z' }),
  auditRow(9, { staffId: null, staffName: null, apiTokenId: 2, apiTokenName: 'complaint sync', action: 'complaint.close', subject: 'complaint:4', before: null, after: null, at: '2025-03-04T00:58:00Z' }),
];

function setup(routes: Parameters<typeof consoleApi>[0] = {}) {
  const api = consoleApi({ '/audit': page(ROWS, ROWS.length, 1, 100), ...routes });
  renderSection(<AuditPage />);
  return api;
}

const table = () => screen.getByRole('table', { name: 'Audit log' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the audit log', () => {
  it('shows the entries newest first as the server sends them: when, who by name, the action in words, the record, and what changed field by field', async () => {
    const api = setup();
    await within(table()).findByText('staff.create');
    expect(query(api.calls('/audit')[0]![0])).toEqual({ page: '1', pageSize: '100' });
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'When', 'Who', 'Action', 'Subject', 'What changed',
    ]);
    expect(bodyRows().map(cells)).toEqual([
      ['2025-03-04 10:30:00', 'Carla Reyes (#3)', 'Answered a complaintcomplaint.answer', 'complaint:12', 'status: open → answeredagent: Carla Reyes'],
      ['2025-03-04 09:00:00', 'System (a server command)', 'Added a staff memberstaff.create', 'staff:3', 'email: care@example.phrole: customer_care'],
      ['2025-03-04 08:59:00', 'Carla Reyes (#3)', 'Signed instaff.sign_in', 'staff:3', '—'],
      ['2025-03-04 08:58:00', 'API token complaint sync (#2)', 'Closed a complaintcomplaint.close', 'complaint:4', '—'],
    ]);
    // The change: the old value marked deleted, the new inserted.
    const change = within(bodyRows()[0]!).getByRole('list', { name: 'What entry 12 changed' });
    expect([...change.querySelectorAll('del')].map((del) => del.textContent)).toEqual(['open']);
    expect([...change.querySelectorAll('ins')].map((ins) => ins.textContent)).toEqual(['answered', 'Carla Reyes']);
  });

  it('shows a field the action left alone greyed, yes and no for flags, moments in Manila time, and an action it does not know by its code', async () => {
    setup({
      '/audit': page([
        auditRow(20, {
          action: 'product.update',
          subject: 'product:7',
          before: { name: 'Old', available: false, tags: [] },
          after: { name: 'New', available: true, tags: [], expiresAt: '2027-02-26T07:25:51.725340576Z' },
        }),
        auditRow(19, { action: 'loan.teleport', subject: 'order:5', before: null, after: { terms: { days: 30 } } }),
      ]),
    });
    await within(table()).findByText('product.update');
    expect(bodyRows().map(cells).map((row) => [row[2], row[4]])).toEqual([
      ['Changed a product’s listingproduct.update', 'name: Old → Newavailable: no → yestags: (empty)expiresAt: 2027-02-26 15:25:51'],
      ['loan.teleport', 'terms.days: 30'],
    ]);
    const same = within(bodyRows()[0]!).getByText('tags:').closest('li')!;
    expect(same.className).toBe('c-diff-same');
  });

  it('follows a record’s history from its row', async () => {
    const api = setup({ '/audit': [page(ROWS, ROWS.length, 1, 100), page([ROWS[1]!, ROWS[2]!], 2, 1, 100)] });
    await within(table()).findByText('staff.create');
    fireEvent.click(within(bodyRows()[1]!).getByRole('button', { name: 'History of staff:3' }));
    await waitFor(() => expect(api.calls('/audit')).toHaveLength(2));
    expect(query(api.calls('/audit')[1]![0])).toEqual({ subject: 'staff:3', page: '1', pageSize: '100' });
    expect((screen.getByLabelText('One record’s history') as HTMLInputElement).value).toBe('staff:3');
  });

  it('moves through the pages', async () => {
    const api = setup({ '/audit': [page(ROWS, 230, 1, 100), page([auditRow(3)], 230, 2, 100)] });
    await within(table()).findByText('staff.create');
    expect(screen.getByText('Page 1 of 3 · 230 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('/audit')).toHaveLength(2));
    expect(query(api.calls('/audit')[1]![0])).toEqual({ page: '2', pageSize: '100' });
  });

  it('follows one record’s history by its subject, from its first page', async () => {
    const api = setup({ '/audit': [page(ROWS, 230, 1, 100), page([auditRow(3)], 230, 2, 100), page([ROWS[0]!], 1, 1, 100)] });
    await within(table()).findByText('staff.create');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('/audit')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('One record’s history'), { target: { value: ' complaint:12 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('/audit')).toHaveLength(3));
    expect(query(api.calls('/audit')[2]![0])).toEqual({ subject: 'complaint:12', page: '1', pageSize: '100' });
  });

  it('exports what it shows as CSV', async () => {
    setup();
    await within(table()).findByText('staff.create');
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();
    expect(downloads.saved[0]!.name).toMatch(/^audit-log-\d{8}-\d{4}\.csv$/);
    expect((await downloads.saved[0]!.text).replace(/^\uFEFF/, '').split('\r\n').slice(0, 3)).toEqual([
      'id,at,staffId,staffName,apiTokenId,apiTokenName,action,subject,before,after',
      '12,2025-03-04 10:30:00,3,Carla Reyes,,,complaint.answer,complaint:12,"{""status"":""open""}","{""status"":""answered"",""agent"":""Carla Reyes""}"',
      '11,2025-03-04 09:00:00,,,,,staff.create,staff:3,,"{""email"":""care@example.ph"",""role"":""customer_care""}"',
    ]);
  });
});

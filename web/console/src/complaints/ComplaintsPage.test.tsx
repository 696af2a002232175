import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { ToastHost } from '@hiram/shared/ui/Toast';
import type { Me } from '../api';
import {
  AUDITOR, captureDownloads, CARE, complaint, consoleApi, fail, form, ok, page, query,
} from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { ComplaintsPage } from './ComplaintsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const SOON = complaint(7, { dueAt: '2025-03-05T15:59:59Z', workingDaysLeft: 0, late: true });
// The server's deadline is the Manila midnight that ends the due day.
const LATER = complaint(9, { dueAt: '2025-03-07T16:00:00Z', workingDaysLeft: 2, problemType: 'Repayment', subType: '' });
const RATINGS = [{ agent: 'Carla Reyes', ratings: 3, average: 4.33 }];

function setup(me: Me = CARE, routes: Parameters<typeof consoleApi>[0] = {}) {
  const api = consoleApi({
    '/complaints': page([SOON, LATER]),
    '/complaints/ratings': ok(RATINGS),
    ...routes,
  });
  renderSection(
    <>
      <ComplaintsPage me={me} />
      <ToastHost />
    </>,
  );
  return api;
}

/** The number the fixture gives complaint `id` (`complaint()` in consoleApi). */
const ref = (id: number) => `HC-${String(id).padStart(6, '0')}0`;
const table = () => screen.getByRole('table', { name: 'Complaints' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const panel = (id: number) => screen.getByRole('complementary', { name: `Complaint ${ref(id)}` });

async function choose(id: number) {
  await screen.findByRole('button', { name: `Open complaint ${ref(id)}` });
  fireEvent.click(screen.getByRole('button', { name: `Open complaint ${ref(id)}` }));
  return panel(id);
}

describe('the complaints inbox', () => {
  it('lists the open complaints in the server’s order (by due time), with the late badge and the working days left', async () => {
    const api = setup();
    await screen.findByRole('button', { name: `Open complaint ${ref(7)}` });
    expect(query(api.calls('/complaints')[0]![0])).toEqual({ status: 'open', page: '1', pageSize: '25' });
    // Each complaint by the number its borrower has.
    expect(rows().map((row) => within(row).getAllByRole('button')[0]!.textContent)).toEqual([ref(7), ref(9)]);
    expect(within(rows()[1]!).getByText('Repayment')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Collection · They contacted people other than me')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Late')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Working days left: 0')).toBeTruthy();
    expect(within(rows()[1]!).queryByText('Late')).toBeNull();
    expect(within(rows()[1]!).getByText('Working days left: 2')).toBeTruthy();
    // Due by the end of the day the midnight closes, not the next day it opens.
    // (The date kept whole on its line, the words free to wrap.)
    expect(rows()[1]!.textContent).toContain('By the end of 2025-03-07');
    expect(within(rows()[1]!).getByText('2025-03-07').className).toBe('c-nowrap');
    expect(rows()[0]!.textContent).toContain('By the end of 2025-03-05');
    // The server sends the whole number; the console shows its last four digits, as everywhere (decision 087).
    expect(within(rows()[1]!).getByText('•••• ••• 0100')).toBeTruthy();
    expect(within(rows()[1]!).queryByText(/555/)).toBeNull();
    expect(screen.getByText('Choose a complaint in the list to read it.')).toBeTruthy();
  });

  it('filters by status', async () => {
    const api = setup();
    await screen.findByRole('button', { name: `Open complaint ${ref(7)}` });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(api.calls('/complaints')).toHaveLength(2));
    expect(query(api.calls('/complaints')[1]![0]).status).toBe('all');
  });

  it('moves through the pages, and a new filter starts again on page 1', async () => {
    const api = setup(CARE, { '/complaints': [page([SOON, LATER], 30), page([complaint(11)], 30, 2), page([SOON], 1)] });
    await screen.findByRole('button', { name: `Open complaint ${ref(7)}` });
    expect(screen.getByText('Page 1 of 2 · 30 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: `Open complaint ${ref(11)}` });
    expect(query(api.calls('/complaints')[1]![0])).toEqual({ status: 'open', page: '2', pageSize: '25' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
    await waitFor(() => expect(api.calls('/complaints')).toHaveLength(3));
    expect(query(api.calls('/complaints')[2]![0])).toEqual({ status: 'answered', page: '1', pageSize: '25' });
  });

  it('shows the chosen complaint with the pictures at their console address', async () => {
    setup();
    const shown = await choose(7);
    expect(within(shown).getByText(SOON.detail)).toBeTruthy();
    expect(within(shown).getByText('Collection · They contacted people other than me')).toBeTruthy();
    expect(within(shown).getByText('HR-7')).toBeTruthy();
    const picture = within(shown).getByRole('img', { name: 'Borrower’s picture 1' });
    expect(picture.getAttribute('src')).toBe(`/api/console/uploads/${'a'.repeat(31)}7`);
    expect(within(shown).getByRole('form', { name: 'Answer the borrower' })).toBeTruthy();
    expect(rows()[0]!.className).toBe('is-chosen');
  });

  it('answers: posts id, text and nothing else, then shows the answer under the agent’s name', async () => {
    // Answered, it leaves the open list.
    const api = setup(CARE, { '/complaints': [page([LATER, SOON]), page([LATER])], '/complaints/answer': ok(null) });
    const shown = await choose(7);
    const send = within(shown).getByRole('button', { name: 'Send answer' });
    fireEvent.click(send);
    expect(within(shown).getByRole('alert').textContent).toBe('Write the answer first.');
    expect(api.calls('/complaints/answer')).toHaveLength(0);

    const text = within(shown).getByLabelText('Your answer') as HTMLTextAreaElement;
    expect(text.maxLength).toBe(2000);
    fireEvent.change(text, { target: { value: 'We told the agency to stop. Sorry for the trouble.' } });
    expect(within(shown).getByText('50/2000')).toBeTruthy();
    fireEvent.click(send);
    await waitFor(() => expect(api.calls('/complaints/answer')).toHaveLength(1));
    expect(form(api.calls('/complaints/answer')[0]![1])).toEqual({
      id: '7',
      answer: 'We told the agency to stop. Sorry for the trouble.',
      images: '',
    });
    expect(await within(panel(7)).findByText('Answer by Carla Reyes')).toBeTruthy();
    expect(within(panel(7)).getByText('We told the agency to stop. Sorry for the trouble.')).toBeTruthy();
    expect(within(panel(7)).queryByRole('form', { name: 'Answer the borrower' })).toBeNull();
    expect(getToast()?.message).toBe('Answer sent. The borrower gets a text message.');
    // The list and the ratings load again.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.calls('/complaints')).toHaveLength(2);
    expect(api.calls('/complaints/ratings')).toHaveLength(2);
    expect(within(panel(7)).getByText('Answer by Carla Reyes')).toBeTruthy();
  });

  it('shows the list’s copy of the chosen complaint once it is fresh', async () => {
    const answered = { ...SOON, status: 'answered', answer: 'Fixed.', assignee: 'Carla Reyes', late: false };
    setup(CARE, { '/complaints': [page([LATER, SOON]), page([answered, LATER])], '/complaints/answer': ok(null) });
    const shown = await choose(7);
    fireEvent.change(within(shown).getByLabelText('Your answer'), { target: { value: 'Fixed.' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Answered')).toBeTruthy());
    expect(within(panel(7)).getByText('Answered', { selector: '.c-badge' })).toBeTruthy();
    expect(within(panel(7)).queryByRole('form')).toBeNull();
  });

  it('uploads pictures for the answer and sends their names', async () => {
    const api = setup(CARE, {
      '/complaints/upload-image': [ok({ name: 'f'.repeat(32) }), ok({ name: 'e'.repeat(32) })],
      '/complaints/answer': ok(null),
    });
    const shown = await choose(9);
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    fireEvent.change(within(shown).getByLabelText('Add a picture'), { target: { files: [file] } });
    const first = await within(shown).findByRole('img', { name: 'Answer picture 1' });
    expect(first.getAttribute('src')).toBe(`/api/console/uploads/${'f'.repeat(32)}`);
    const [url, init] = api.calls('/complaints/upload-image')[0]!;
    expect(url).toBe('/api/console/complaints/upload-image?complaintId=9');
    expect((init?.body as FormData).get('image')).toBeInstanceOf(File);

    fireEvent.change(within(shown).getByLabelText('Add a picture'), { target: { files: [file] } });
    await within(shown).findByRole('img', { name: 'Answer picture 2' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Remove answer picture 1' }));
    expect(within(shown).queryByRole('img', { name: 'Answer picture 2' })).toBeNull();

    fireEvent.change(within(shown).getByLabelText('Your answer'), { target: { value: 'See the receipt.' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.calls('/complaints/answer')).toHaveLength(1));
    expect(form(api.calls('/complaints/answer')[0]![1]).images).toBe('e'.repeat(32));
  });

  it('keeps the form and the text when the answer is refused', async () => {
    setup(CARE, { '/complaints/answer': fail('409', 'This was already handled.') });
    const shown = await choose(7);
    fireEvent.change(within(shown).getByLabelText('Your answer'), { target: { value: 'Hello' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(getToast()?.message).toBe('This was already handled.'));
    expect((within(panel(7)).getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('closes a complaint after asking', async () => {
    const api = setup(CARE, { '/complaints': [page([LATER, SOON]), page([SOON])], '/complaints/close': ok(null) });
    const shown = await choose(9);
    fireEvent.click(within(shown).getByRole('button', { name: 'Close complaint' }));
    const dialog = screen.getByRole('dialog', { name: `Close complaint ${ref(9)}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close complaint' }));
    await waitFor(() => expect(api.calls('/complaints/close')).toHaveLength(1));
    expect(form(api.calls('/complaints/close')[0]![1])).toEqual({ id: '9' });
    expect(await screen.findByText('Complaint closed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(panel(9)).queryByRole('button', { name: 'Close complaint' })).toBeNull();
  });

  it('offers neither answer nor closing to a role that may only read', async () => {
    setup(AUDITOR);
    const shown = await choose(7);
    expect(within(shown).queryByRole('form')).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Close complaint' })).toBeNull();
    expect(within(shown).getByText('Only customer care can answer or close complaints.')).toBeTruthy();
  });

  it('shows a refused answer beside the text, and keeps it', async () => {
    setup(CARE, { '/complaints/answer': fail('400', 'Please check: answer.', { field: 'answer' }) });
    const shown = await choose(7);
    const text = within(shown).getByLabelText('Your answer');
    fireEvent.change(text, { target: { value: 'Hello' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send answer' }));
    const error = await within(shown).findByText('Please check: answer.');
    expect(text.getAttribute('aria-describedby')).toContain(error.id);
    expect((text as HTMLTextAreaElement).value).toBe('Hello');
    expect(getToast()).toBeNull();
  });

  it('shows an answered complaint’s answer and rating', async () => {
    setup(CARE, {
      '/complaints': page([complaint(3, { status: 'answered', answer: 'Done.', assignee: 'Ana', score: 4 })]),
    });
    const shown = await choose(3);
    expect(within(shown).getByText('Answer by Ana')).toBeTruthy();
    expect(within(shown).getByText('The borrower rated it 4 of 5 stars.')).toBeTruthy();
    expect(within(shown).queryByRole('form')).toBeNull();
    expect(within(shown).getByRole('button', { name: 'Close complaint' })).toBeTruthy();
  });

  it('finds a complaint by the number the borrower reads out, and shows all again', async () => {
    const api = setup(CARE, { '/complaints': [page([SOON, LATER]), page([LATER], 1), page([SOON, LATER])] });
    await screen.findByRole('button', { name: `Open complaint ${ref(7)}` });
    fireEvent.change(screen.getByLabelText('Complaint number'), { target: { value: ' hc 0000090 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(query(api.calls('/complaints')[1]![0])).toEqual({ reference: 'hc 0000090', pageSize: '25' });
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(query(api.calls('/complaints')[2]![0])).toEqual({ status: 'open', page: '1', pageSize: '25' });
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('marks a complaint reopened for a call back, and asks for a call and a close, not a new answer', async () => {
    const reopened = complaint(5, {
      status: 'open',
      answer: 'We posted your payment.',
      assignee: 'Ana Cruz',
      score: 2,
      callbackRequestedAt: '2025-03-04T02:00:00Z',
    });
    setup(CARE, { '/complaints': page([reopened, LATER]) });
    await screen.findByRole('button', { name: `Open complaint ${ref(5)}` });
    expect(within(rows()[0]!).getByText('Call back requested')).toBeTruthy();
    expect(within(rows()[1]!).queryByText('Call back requested')).toBeNull();
    const shown = await choose(5);
    expect(within(shown).getByText('Call back requested')).toBeTruthy();
    expect(within(shown).getByText(/^The borrower rated the answer 2 of 5 stars and asked for a call back on /)).toBeTruthy();
    expect(within(shown).getByText('We posted your payment.')).toBeTruthy();
    expect(within(shown).queryByRole('form', { name: 'Answer the borrower' })).toBeNull();
    expect(within(shown).getByRole('button', { name: 'Close complaint' })).toBeTruthy();
  });

  it('shows the ratings per agent', async () => {
    setup();
    const ratings = await screen.findByRole('table', { name: 'Ratings per agent' });
    await within(ratings).findByText('Carla Reyes');
    expect(within(ratings).getByText('4.33')).toBeTruthy();
    expect(within(ratings).getByText('3')).toBeTruthy();
  });

  it('exports the rows shown as CSV', async () => {
    setup();
    await screen.findByRole('button', { name: `Open complaint ${ref(7)}` });
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();
    expect(downloads.saved[0]!.name).toMatch(/^complaints-\d{8}-\d{4}\.csv$/);
    const lines = (await downloads.saved[0]!.text).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,reference,filedAt,dueAt,workingDaysLeft,late,status,problemType,subType,borrowerId,phone,orderNo,detail,assignee,answer,score,callbackRequestedAt',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([`7,${ref(7)}`, `9,${ref(9)}`]);
    expect(lines[1]).toContain(',yes,open,Collection,');
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import type { ComplaintDetail } from './api/problemDetail';
import ComplaintDetailPage from './ComplaintDetailPage';
import { RatingModal } from './RatingModal';
import { DETAIL, RATED_LOW, REGULATOR } from './testData';

const DETAIL_PATH = '/user-problem/problem-detail';
const SCORE = '/user-problem/save-score';
const CALLBACK = '/user-problem/request-callback';
const THANKED = { nextStep: 0, regulator: '', regulatorContact: '' };
const CALLED = 'We will call you back at your registered number by Mar 9, 2026. A supervisor will look at complaint HC-0000076 again.';

function setup(detail: ComplaintDetail | ComplaintDetail[] = DETAIL, routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    [DETAIL_PATH]: Array.isArray(detail) ? detail.map(ok) : ok(detail),
    [SCORE]: ok(THANKED),
    [CALLBACK]: { code: '00', message: CALLED, data: { callbackDueOn: '2026-03-09' } },
    ...routes,
  });
  renderRoute('/complainDetails?sessionId=s1&problemId=7', '/complainDetails', <ComplaintDetailPage />);
  return api;
}

/** Loads the page with the 3 s timer under the test's control; returns when the detail shows. */
async function loadWithFakeTimers(detail: ComplaintDetail = DETAIL) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const api = setup(detail);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByText(detail.content)).toBeTruthy();
  return api;
}

const filled = () => screen.getAllByRole('radio').filter((star) => star.classList.contains('app-star--on')).length;

/** The rating modal, opened by its timer. */
async function openRating() {
  const api = await loadWithFakeTimers();
  await act(() => vi.advanceTimersByTimeAsync(3000));
  vi.useRealTimers();
  return { api, dialog: screen.getByRole('dialog', { name: 'Rate our answer' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  hideToast();
});

describe('complaint detail', () => {
  it('shows type, sub-type, content, pictures with the session, and customer care\'s answer', async () => {
    const api = setup({ ...DETAIL, isNeedScore: 0 });
    expect(await screen.findByText('They called my boss')).toBeTruthy();
    expect(api.calls(DETAIL_PATH)[0]![1]?.body).toBe('problemId=7');
    expect(screen.getByRole('heading', { level: 1, name: 'Complaint details' })).toBeTruthy();
    expect(screen.getByText('Collection')).toBeTruthy();
    expect(screen.getByText('They contacted people other than me')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Picture 1' }).getAttribute('src')).toBe('/pany/uploads/aaa?sessionId=s1');
    expect(screen.getByRole('img', { name: 'Picture 2' }).getAttribute('src')).toBe('/pany/uploads/bbb?sessionId=s1');
    const content = screen.getByRole('region', { name: 'Your complaint' });
    expect(within(content).getByText('Complaint number')).toBeTruthy();
    expect(within(content).getByText('HC-0000076')).toBeTruthy();
    const result = screen.getByRole('region', { name: 'Our answer' });
    expect(within(result).getByText('We spoke to the agency; it will not happen again.')).toBeTruthy();
    expect(within(result).getByText('Answered by Liza S. on Mar 3, 2026')).toBeTruthy();
    // Nothing rated low: no next step on the page.
    expect(screen.queryByRole('region', { name: 'Not satisfied with our answer?' })).toBeNull();
    expect(within(result).getByRole('img', { name: 'Picture 1 from customer care' }).getAttribute('src')).toBe(
      '/pany/uploads/ccc?sessionId=s1',
    );
  });

  it('says an answer is coming while there is none', async () => {
    setup({ ...DETAIL, disposeDetail: '', disposeImages: [], answeredBy: '', answeredOn: '', isNeedScore: 0 });
    expect(await screen.findByText('Customer care will answer within 3 working days.')).toBeTruthy();
    expect(screen.queryByText(/Answered/)).toBeNull();
  });

  it('opens the rating modal 3 s after load when isNeedScore is nonzero', async () => {
    await loadWithFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: 'Rate our answer' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(filled()).toBe(0);
  });

  it('never opens it when isNeedScore is 0', async () => {
    await loadWithFakeTimers({ ...DETAIL, isNeedScore: 0 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a tapped star fills the stars up to it', async () => {
    await openRating();
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(filled()).toBe(3);
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '1 star' }));
    expect(filled()).toBe(1);
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(filled()).toBe(5);
  });

  it('Send posts the score, thanks the borrower for 3 stars and up, closes, and reloads the detail', async () => {
    const { api, dialog } = await openRating();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(SCORE)).toHaveLength(1);
    expect(api.calls(SCORE)[0]![1]?.body).toBe('score=4&problemId=7');
    expect(getToast()?.message).toBe('Thank you for rating our answer!');
    await waitFor(() => expect(api.calls(DETAIL_PATH)).toHaveLength(2));
  });

  it('1 or 2 stars: no thank-you but we are sorry, a call back to ask for and the regulator', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = setup([DETAIL, RATED_LOW, { ...RATED_LOW, canRequestCallback: 0, callbackRequestedOn: '2026-03-04', callbackDueOn: '2026-03-09' }], {
      [SCORE]: ok({ nextStep: 1, regulator: REGULATOR, regulatorContact: 'SEC contact (as the operator set it)' }),
    });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    const rating = screen.getByRole('dialog', { name: 'Rate our answer' });
    fireEvent.click(within(rating).getByRole('radio', { name: '2 stars' }));
    fireEvent.click(within(rating).getByRole('button', { name: 'Send' }));
    const sorry = await screen.findByRole('dialog', { name: 'We are sorry our answer did not help' });
    expect(getToast()?.message ?? '').not.toContain('Thank you');
    expect(within(sorry).getByText(REGULATOR)).toBeTruthy();
    expect(within(sorry).getByText('SEC contact (as the operator set it)')).toBeTruthy();
    fireEvent.click(within(sorry).getByRole('button', { name: 'Ask for a call back' }));
    await waitFor(() => expect(api.calls(CALLBACK)).toHaveLength(1));
    expect(api.calls(CALLBACK)[0]![1]?.body).toBe('problemId=7');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToast()?.message).toBe(CALLED);
    // The page reloads and says the call back was asked for, and by when.
    const next = await screen.findByRole('region', { name: 'Not satisfied with our answer?' });
    await waitFor(() =>
      expect(
        within(next).getByText(
          'You asked for a call back on Mar 4, 2026. A supervisor will call you at your registered number by Mar 9, 2026.',
        ),
      ).toBeTruthy(),
    );
    expect(within(next).queryByRole('button', { name: 'Ask for a call back' })).toBeNull();
    expect(within(next).getByText(REGULATOR)).toBeTruthy();
  });

  it('Not now closes the sorry dialog; the page keeps the call back and the regulator', async () => {
    const api = setup(RATED_LOW);
    const next = await screen.findByRole('region', { name: 'Not satisfied with our answer?' });
    expect(within(next).getByText('A supervisor can call you back to look at your complaint again.')).toBeTruthy();
    expect(within(next).getByText(REGULATOR)).toBeTruthy();
    expect(within(next).getByText('SEC contact (as the operator set it)')).toBeTruthy();
    expect(screen.getByText('You rated this answer 2 of 5 stars.')).toBeTruthy();
    fireEvent.click(within(next).getByRole('button', { name: 'Ask for a call back' }));
    await waitFor(() => expect(api.calls(CALLBACK)).toHaveLength(1));
    expect(getToast()?.message).toBe(CALLED);
  });

  it('a refused call back toasts the server message', async () => {
    setup(RATED_LOW, { [CALLBACK]: fail('400', 'A call back is offered once, after you rate our answer 1 or 2 stars.') });
    const next = await screen.findByRole('region', { name: 'Not satisfied with our answer?' });
    fireEvent.click(within(next).getByRole('button', { name: 'Ask for a call back' }));
    await waitFor(() => expect(getToast()?.message).toBe('A call back is offered once, after you rate our answer 1 or 2 stars.'));
  });

  it('Send without a star asks for one and posts nothing', async () => {
    const { api, dialog } = await openRating();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(getToast()?.message).toBe('Please choose a rating.');
    expect(api.calls(SCORE)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a refused score toasts the server message and keeps the modal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = setup(DETAIL, { [SCORE]: fail('409', 'You can rate an answer once, after we reply.') });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    const dialog = screen.getByRole('dialog', { name: 'Rate our answer' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToast()?.message).toBe('You can rate an answer once, after we reply.'));
    expect(api.calls(SCORE)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('Cancel closes the modal without posting', async () => {
    const { api, dialog } = await openRating();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(SCORE)).toHaveLength(0);
  });
});

describe('rating modal', () => {
  it('Cancel closes and resets the stars', () => {
    const onCancel = vi.fn();
    const view = render(<RatingModal open busy={false} onSend={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(filled()).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.rerender(<RatingModal open={false} busy={false} onSend={vi.fn()} onCancel={onCancel} />);
    view.rerender(<RatingModal open busy={false} onSend={vi.fn()} onCancel={onCancel} />);
    expect(filled()).toBe(0);
  });

  it('Send hands over the stars chosen', () => {
    const onSend = vi.fn();
    render(<RatingModal open busy={false} onSend={onSend} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith(2);
  });
});

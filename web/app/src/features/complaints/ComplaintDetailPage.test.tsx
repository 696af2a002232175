import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import type { ComplaintDetail } from './api/problemDetail';
import ComplaintDetailPage from './ComplaintDetailPage';
import { RatingModal } from './RatingModal';
import { DETAIL } from './testData';

const DETAIL_PATH = '/user-problem/problem-detail';
const SCORE = '/user-problem/save-score';

function setup(detail: ComplaintDetail | ComplaintDetail[] = DETAIL, routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    [DETAIL_PATH]: Array.isArray(detail) ? detail.map(ok) : ok(detail),
    [SCORE]: ok(null),
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
    const result = screen.getByRole('region', { name: 'Our answer' });
    expect(within(result).getByText('We spoke to the agency; it will not happen again.')).toBeTruthy();
    expect(within(result).getByRole('img', { name: 'Picture 1 from customer care' }).getAttribute('src')).toBe(
      '/pany/uploads/ccc?sessionId=s1',
    );
  });

  it('says an answer is coming while there is none', async () => {
    setup({ ...DETAIL, disposeDetail: '', disposeImages: [], isNeedScore: 0 });
    expect(await screen.findByText('Customer care will answer within 3 working days.')).toBeTruthy();
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

  it('Send posts the score, thanks the borrower, closes, and reloads the detail', async () => {
    const { api, dialog } = await openRating();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(SCORE)).toHaveLength(1);
    expect(api.calls(SCORE)[0]![1]?.body).toBe('score=4&problemId=7');
    expect(getToast()?.message).toBe('Thank you for rating our answer!');
    await waitFor(() => expect(api.calls(DETAIL_PATH)).toHaveLength(2));
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

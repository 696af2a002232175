import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast, runToastAction, showToast, TOAST_DEFAULT_MS, toastPageLeft } from './toastStore';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  hideToast();
  vi.useRealTimers();
});

describe('toast timing', () => {
  it('stays 3000 ms by default', () => {
    showToast('hello');
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    expect(getToast()?.message).toBe('hello');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it('raises a shorter duration to the default', () => {
    expect(showToast('short', 2000).durationMs).toBe(3000);
    vi.advanceTimersByTime(2000);
    expect(getToast()?.message).toBe('short');
    vi.advanceTimersByTime(1000);
    expect(getToast()).toBeNull();
  });

  it('keeps a longer duration', () => {
    showToast('long', 5000);
    vi.advanceTimersByTime(4999);
    expect(getToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it('shows one toast at a time; a new one replaces the old', () => {
    showToast('first');
    vi.advanceTimersByTime(2500);
    showToast('second');
    expect(getToast()?.message).toBe('second');
    vi.advanceTimersByTime(2999);
    expect(getToast()?.message).toBe('second');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });
});

describe('a toast with an action', () => {
  it('runs the action once when tapped and hides the toast', () => {
    const run = vi.fn();
    showToast('Entry deleted', 6000, { action: { label: 'Undo', run } });
    expect(getToast()?.action?.label).toBe('Undo');
    runToastAction();
    expect(run).toHaveBeenCalledTimes(1);
    expect(getToast()).toBeNull();
    runToastAction();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('loses its action when another toast replaces it', () => {
    const run = vi.fn();
    showToast('Entry deleted', 6000, { action: { label: 'Undo', run } });
    showToast('Saved');
    expect(getToast()?.action).toBeUndefined();
    runToastAction();
    expect(run).not.toHaveBeenCalled();
  });
});

describe('a toast and the page it was shown on', () => {
  it('is hidden when the borrower leaves the page (a wrong-code toast does not follow to Home)', () => {
    showToast('Wrong code');
    toastPageLeft();
    expect(getToast()).toBeNull();
  });

  it('survives the one navigation it announces when kept, and is hidden by the next', () => {
    showToast('Saved', undefined, { keepOnNavigation: true });
    toastPageLeft();
    expect(getToast()?.message).toBe('Saved');
    toastPageLeft();
    expect(getToast()).toBeNull();
  });

  it('still leaves after its time when kept', () => {
    showToast('Saved', undefined, { keepOnNavigation: true });
    toastPageLeft();
    vi.advanceTimersByTime(TOAST_DEFAULT_MS);
    expect(getToast()).toBeNull();
  });

  it('does nothing when no toast shows', () => {
    toastPageLeft();
    expect(getToast()).toBeNull();
  });
});

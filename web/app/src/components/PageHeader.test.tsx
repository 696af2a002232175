import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeHandler, renderRoute, resetBridge } from '../testing/renderRoute';
import { PageHeader } from './PageHeader';

afterEach(() => {
  resetBridge();
  window.history.replaceState(null, '', '/');
});

describe('the page header', () => {
  it('shows the title, back and home (carrying the session); sets the document title', () => {
    renderRoute('/repaymentByPeriod?sessionId=s1', '/repaymentByPeriod', <PageHeader title="Payment" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home?sessionId=s1');
    expect(document.title).toBe('Payment · Hiram');
  });

  it('at the first page in a browser, back goes home', () => {
    renderRoute('/repaymentByPeriod?sessionId=s1', '/repaymentByPeriod', <PageHeader title="Payment" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/home?sessionId=s1');
  });

  it('at the first page in the shell, back closes the web view', () => {
    const closeWebview = nativeHandler('closeWebview');
    renderRoute('/bindBank?sessionId=s1', '/bindBank', <PageHeader title="Payout account" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(closeWebview).toHaveBeenCalledWith('{}');
  });

  it('home has no home link, and no back when opened first in a browser', () => {
    renderRoute('/home', '/home', <PageHeader title="Home" />);
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('a page that asks before leaving gets the tap instead', () => {
    const ask = vi.fn();
    renderRoute('/loanConfirm?sessionId=s1', '/loanConfirm', <PageHeader title="Confirm your loan" onBack={ask} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

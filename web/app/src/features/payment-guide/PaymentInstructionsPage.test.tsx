import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { renderRoute } from '../../testing/renderRoute';
import PaymentInstructionsPage from './PaymentInstructionsPage';

const URL = '/paymentInstructions?sessionId=s1';

function renderPage() {
  return renderRoute(URL, '/paymentInstructions', <PaymentInstructionsPage />);
}

afterEach(async () => {
  await setLocale('en');
});

describe('payment instructions page', () => {
  it('shows two e-wallets and a store counter, each with a picture and its steps', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'How to pay' })).toBeTruthy();
    const names = ['Pay with GCash (Bills)', 'Pay with Maya (Bills)', 'Pay at a store counter'];
    for (const name of names) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByRole('button', { name: /^Enlarge the picture: / })).toBeTruthy();
      expect(within(section).getAllByRole('listitem')).toHaveLength(4);
    }
    expect(screen.getByText('Tell the cashier you are paying a Hiram loan.')).toBeTruthy();
    expect(screen.getByText('Show the barcode, or tell the cashier your pay code, and the amount.')).toBeTruthy();
  });

  it('enlarges a picture in a dialog that takes focus and gives it back when closed', () => {
    renderPage();
    const picture = within(screen.getByRole('region', { name: 'Pay at a store counter' })).getByRole('button', {
      name: /^Enlarge the picture/,
    });
    picture.focus();
    fireEvent.click(picture);
    const dialog = screen.getByRole('dialog', { name: 'Pay at a store counter' });
    expect(document.activeElement).toBe(dialog);
    expect(within(dialog).getByRole('img', { name: /cashier scans the barcode/ })).toBeTruthy();
    // Tab stays inside: the only control is Close.
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(picture);
  });

  it('speaks Filipino', async () => {
    await setLocale('fil');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Paano magbayad' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Magbayad sa counter ng tindahan' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Palakihin ang larawan: / })).toHaveLength(3);
  });
});

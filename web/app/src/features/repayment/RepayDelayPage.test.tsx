import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import type { ExtensionInfo } from './api/getExtensionInfo';
import RepayDelayPage from './RepayDelayPage';

const INFO: ExtensionInfo = {
  delayInfo: { title: 'Extend your loan by 91 days', delayAmount: 121_332 },
  productName: 'Bayanihan Cash Express',
  productLogo: '/logo.png',
  repayDate: '2027-02-10',
  nextRepayDate: '2027-05-12',
  extensionDays: 91,
  detail: [
    { text: 'Loan number', value: 'HR202611110004' },
    { text: 'Interest, fees and late charges due', value: '₱606.66' },
    { text: 'Extension fee', value: '₱606.66' },
    { text: 'To pay now', value: '₱1,213.32' },
    { text: 'Loan amount still to repay', value: '₱5,000.00' },
    { text: 'New due date', value: '2027-05-12' },
  ],
  repayPlan: [{ remark: 'Due', title: 'Payment 1', amount: 500_000, time: '2027-05-12' }],
  repayList: [
    { name: 'GCash', logo: '/gcash.png', channel_number: 90011 },
    { name: 'Maya', logo: '/maya.png', channel_number: 90012 },
  ],
  noticeMsg: '',
  disclosure: {
    title: 'Disclosure Statement on the Extension',
    sections: [
      {
        heading: 'Before you pay',
        paragraphs: ['An extension renews your loan. This statement shows what it costs before you pay.'],
      },
    ],
    disclosure: {
      rows: [
        { label: 'You pay now', value: '₱1,213.32' },
        { label: 'Effective interest rate of the renewal (monthly)', value: '4.10%' },
        {
          label: 'Ceilings of the law',
          value: 'This is a covered loan under SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a)).',
        },
      ],
      schedule: [{ number: 1, dueDate: '2027-05-12', amount: 560_000, principal: 500_000, interest: 60_000 }],
    },
  },
};

const URL = '/repayDelay?sessionId=s1&productId=1&orderId=4';
const PAY_URL = '/repaymentOfCode?showType=1&payCode=940059646085&repayAmount=121332&channel=maya';
const NOT_NOW = 'This loan cannot be extended now.';

function setup(info: unknown = ok(INFO), payCode: unknown = ok({ payUrl: PAY_URL, payCode: '940059646085', expiresAt: '' })) {
  const api = mockApi({
    '/v3/loan-details/delay-detail': info,
    '/v3/loan-details/generate-vcode': payCode,
  });
  renderRoute(URL, '/repayDelay', <RepayDelayPage />);
  return api;
}

const bodyOf = (init: RequestInit | undefined) => new URLSearchParams(String(init?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('extension repayment page', () => {
  it('shows the offer title, the amount, the next due date, the product and the payment schedule after it', async () => {
    const api = setup();
    expect(await screen.findByText('₱1,213.32', { selector: '.app-amount' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Extend your loan by 91 days' })).toBeTruthy();
    expect(screen.getByText('Next due date: May 12, 2027')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bayanihan Cash Express' })).toBeTruthy();
    const plan = screen.getByRole('list', { name: 'Payment schedule after the extension' });
    const row = within(plan).getByRole('listitem');
    expect(row.textContent).toContain('Payment 1');
    expect(row.textContent).toContain('Due');
    expect(row.textContent).toContain('May 12, 2027');
    expect(row.textContent).toContain('₱5,000.00');
    const init = api.calls('/v3/loan-details/delay-detail')[0]?.[1];
    expect(bodyOf(init).get('orderId')).toBe('4');
    expect(bodyOf(init).get('productId')).toBe('1');
  });

  it("shows the renewal's disclosure statement, naming its rule set, before the Payment Method button", async () => {
    setup();
    const statement = await screen.findByRole('region', { name: 'Disclosure Statement on the Extension' });
    expect(within(statement).getByRole('rowheader', { name: 'You pay now' }).nextElementSibling?.textContent).toBe('₱1,213.32');
    expect(within(statement).getByRole('rowheader', { name: 'Ceilings of the law' }).nextElementSibling?.textContent).toContain(
      'SEC Memorandum Circular No. 14, series of 2025',
    );
    expect(within(statement).getByRole('heading', { level: 3, name: 'Before you pay' })).toBeTruthy();
    expect(within(statement).getByRole('cell', { name: '₱5,600.00' })).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Payment Method' });
    expect(statement.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('explains the amount right under it: the charges due and the extension fee, labelled, with no tap', async () => {
    setup();
    const amount = await screen.findByRole('region', { name: 'Amount to pay now' });
    const parts = amount.querySelector('dl')!;
    expect(parts.getAttribute('aria-label')).toBe('What this amount is made of');
    const rows = [...parts.querySelectorAll('.app-row')].map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]);
    expect(rows).toEqual([
      ['Interest, fees and late charges due', '₱606.66'],
      ['Extension fee', '₱606.66'],
    ]);
    // The parts stand between the amount and its date, before any button.
    expect(within(amount).getByText('₱1,213.32', { selector: '.app-amount' }).compareDocumentPosition(parts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })?.getAttribute('aria-expanded')).not.toBe('true');
  });

  it('folds the other details to 2 rows like the repayment page, without the amount\'s parts again', async () => {
    setup();
    const product = (await screen.findByRole('heading', { name: 'Bayanihan Cash Express' })).closest('section')!;
    expect(within(product).getAllByRole('term').map((term) => term.textContent)).toEqual(['Loan number', 'Loan amount still to repay']);
    fireEvent.click(within(product).getByRole('button', { name: 'More' }));
    expect(within(product).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Loan number',
      'Loan amount still to repay',
      'New due date',
    ]);
    // The new due date reads as a day, not as 2027-05-12.
    expect(within(product).getByText('New due date').nextElementSibling?.textContent).toBe('May 12, 2027');
    expect(within(product).queryByText('Extension fee')).toBeNull();
    expect(within(product).queryByText('To pay now')).toBeNull();
  });

  it('keeps every row in the details when they do not add up to the amount', async () => {
    setup(ok({ ...INFO, delayInfo: { ...INFO.delayInfo, delayAmount: 121_333 } }));
    const amount = await screen.findByRole('region', { name: 'Amount to pay now' });
    expect(within(amount).queryByRole('term')).toBeNull();
    const product = screen.getByRole('heading', { name: 'Bayanihan Cash Express' }).closest('section')!;
    fireEvent.click(within(product).getByRole('button', { name: 'More' }));
    expect(within(product).getAllByRole('term')).toHaveLength(INFO.detail.length);
  });

  it('falls back to the catalogue title when the offer has none', async () => {
    setup(ok({ ...INFO, delayInfo: { ...INFO.delayInfo, title: '' } }));
    await screen.findByText('₱1,213.32', { selector: '.app-amount' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pay for an extension' })).toBeTruthy();
  });

  it('Payment issues an extension code: isDelay 1, amount and delayAmount both the offer, then opens payUrl', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    const sheet = screen.getByRole('dialog', { name: 'Payment Method' });
    expect(within(sheet).getByText(/extension amount/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Maya' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${PAY_URL}&sessionId=s1`));
    const calls = api.calls('/v3/loan-details/generate-vcode');
    expect(calls).toHaveLength(1);
    const body = bodyOf(calls[0]![1]);
    expect(body.get('isDelay')).toBe('1');
    expect(body.get('delayAmount')).toBe('121332');
    expect(body.get('amount')).toBe(body.get('delayAmount'));
    expect(body.get('channelNumber')).toBe('90012');
    expect(body.get('orderId')).toBe('4');
    expect(body.get('productId')).toBe('1');
  });

  it('a 409 (cannot be extended) toasts and says so, with the way back and nothing half-drawn', async () => {
    const api = setup(fail('409', NOT_NOW));
    const back = await screen.findByRole('link', { name: 'Back to loan details' });
    expect(back.getAttribute('href')).toBe('/loanDetails?sessionId=s1&productId=1&orderId=4');
    expect(screen.getByText(NOT_NOW)).toBeTruthy();
    expect(getToast()?.message).toBe(NOT_NOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Pay for an extension' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Payment Method' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/₱|NaN|undefined/);
    expect(api.calls('/v3/loan-details/generate-vcode')).toHaveLength(0);
  });

  it('stays put with the picker open when the extension code is refused', async () => {
    setup(ok(INFO), fail('409', 'The amount has changed. Please reload.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('dialog', { name: 'Payment Method' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

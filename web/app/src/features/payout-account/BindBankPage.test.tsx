import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureBridge } from '@hiram/shared/bridge/bridge';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { queryDefaults } from '../../app/queryClient';
import { fail, nativeHandler, ok, renderRoute, resetBridge } from '../../testing/renderRoute';
import type { BankForm, BankFormItem } from './api/getBankForm';
import BindBankPage, { prefetch } from './BindBankPage';

const item = (over: Partial<BankFormItem>): BankFormItem => ({
  cate: 'text',
  code: 'x',
  value: '',
  title: 'X',
  subtitle: '',
  note: [],
  cardTypeMi: 0,
  channelNumber: 0,
  inputType: 'text',
  maxLength: 0,
  ...over,
});

/** The server's form (card-init), in its order. */
const ITEMS: BankFormItem[] = [
  item({
    cate: 'enum',
    code: 'cardType',
    title: 'Account type',
    value: '1',
    note: [
      { name: 'Bank account', type: '1' },
      { name: 'E-wallet', type: '2' },
    ],
  }),
  item({
    cate: 'enum',
    code: 'bankCode',
    title: 'Bank',
    subtitle: 'Banks that receive InstaPay transfers',
    cardTypeMi: 1,
    channelNumber: 90006,
    note: [
      { name: 'BDO Unibank', type: 'BDO' },
      { name: 'Bank of the Philippine Islands', type: 'BPI' },
    ],
  }),
  item({
    code: 'bankAccount',
    title: 'Account number',
    subtitle: '10 to 16 digits, from your passbook, card or banking app',
    inputType: 'bankCard',
    maxLength: 16,
    cardTypeMi: 1,
    channelNumber: 90006,
  }),
  item({
    cate: 'enum',
    code: 'walletCode',
    title: 'E-wallet',
    cardTypeMi: 2,
    note: [
      { name: 'GCash', type: 'GCASH' },
      { name: 'Maya', type: 'MAYA' },
    ],
  }),
  item({ code: 'walletNumber', title: 'E-wallet mobile number', inputType: 'phone', maxLength: 11, cardTypeMi: 2 }),
];

const FORM: BankForm = { items: ITEMS, current: '' };
const BOUND = ok({ providerName: 'Bank of the Philippine Islands', masked: '•••• 7890', loansSent: 1, message: 'Your account is saved. We send your loan there.' });
const QUERY = 'sessionId=s1&productId=4&orderId=12';

const NEW = '/v3/bind-card/bind-card-new';
const CHANGE = '/v3/bind-card/bind-card-change';
const LOAN_DETAIL = '/v3/bind-card/bind-card-loan-detail';

function setup({ form = FORM, bind = BOUND, query = QUERY }: { form?: BankForm; bind?: unknown; query?: string } = {}) {
  const api = mockApi({
    '/v3/bind-card/card-init': ok(form),
    [NEW]: bind,
    [CHANGE]: bind,
    [LOAN_DETAIL]: bind,
  });
  renderRoute(`/bindBank?${query}`, '/bindBank', <BindBankPage />);
  return api;
}

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => String(call?.[1]?.body);
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** The texts an input is described by (its error, then its hint). */
const descriptions = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);
const tab = (name: string) => screen.getByRole('tab', { name });

async function chooseIn(picker: string, option: string, button: 'Confirm' | 'Cancel' = 'Confirm') {
  fireEvent.click(screen.getByRole('combobox', { name: picker }));
  const sheet = screen.getByRole('dialog', { name: picker });
  fireEvent.click(within(sheet).getByRole('radio', { name: option }));
  fireEvent.click(within(sheet).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Native handlers for the bank session, recording the order of the calls. */
function nativeBank() {
  const order: string[] = [];
  const handlers = Object.fromEntries(
    (['startBank', 'endBank', 'closeWebview'] as const).map((action) => {
      const handler = nativeHandler(action);
      handler.mockImplementation(() => order.push(action));
      return [action, handler];
    }),
  );
  return { order, handlers };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
  hideToast();
});

describe('bind bank page', () => {
  it("shows the start-up's form at its first arrival without asking again, and asks again on the next", async () => {
    const api = mockApi({ '/v3/bind-card/card-init': ok(FORM) });
    window.history.replaceState(null, '', `/bindBank?${QUERY}`);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    await prefetch(client, new URLSearchParams(QUERY));
    expect(bodyOf(api.calls('/v3/bind-card/card-init')[0])).toBe('product_id=4');
    renderRoute(`/bindBank?${QUERY}`, '/bindBank', <BindBankPage />, client).unmount();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/v3/bind-card/card-init')).toHaveLength(1);
    renderRoute(`/bindBank?${QUERY}`, '/bindBank', <BindBankPage />, client);
    await waitFor(() => expect(api.calls('/v3/bind-card/card-init')).toHaveLength(2));
  });

  it('has its title, opens on card type 1 and shows the bank fields only', async () => {
    setup();
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payout account' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Account type' })).toBeTruthy();
    expect(tab('Bank account').getAttribute('aria-selected')).toBe('true');
    expect(tab('E-wallet').getAttribute('aria-selected')).toBe('false');
    // A subtitle is help text under its input.
    expect(descriptions(textbox('Account number'))).toEqual(['10 to 16 digits, from your passbook, card or banking app']);
    expect(screen.queryByRole('combobox', { name: 'E-wallet' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'E-wallet mobile number' })).toBeNull();
    // The card type is the tab strip, not a picker.
    expect(screen.queryByRole('combobox', { name: 'Account type' })).toBeNull();
    expect(screen.queryByTestId('current-account')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('the tabs switch the visible fields', async () => {
    setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'E-wallet' }));
    expect(tab('E-wallet').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'E-wallet' })).toBeTruthy();
    expect(textbox('E-wallet mobile number')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Bank' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Account number' })).toBeNull();
    fireEvent.click(tab('Bank account'));
    expect(screen.getByRole('combobox', { name: 'Bank' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'E-wallet' })).toBeNull();
  });

  it('hides items by cardTypeMi, and under card type 1 by channelNumber (current channel 90006)', async () => {
    setup({
      form: {
        current: '',
        items: [
          ...ITEMS,
          item({ code: 'otherChannel', title: 'Other channel', cardTypeMi: 1, channelNumber: 90011 }),
          item({ code: 'everyTypeInstaPay', title: 'Every type on InstaPay', cardTypeMi: 0, channelNumber: 90006 }),
          item({ code: 'everyTypeNoChannel', title: 'Every type without a channel', cardTypeMi: 0, channelNumber: 0 }),
          item({ code: 'walletChannel', title: 'Wallet on a channel', cardTypeMi: 2, channelNumber: 90011 }),
        ],
      },
    });
    await screen.findByRole('combobox', { name: 'Bank' });
    const shown = () => screen.queryAllByRole('textbox').map((input) => (input as HTMLInputElement).name);
    expect(shown()).toEqual(['bankAccount', 'everyTypeInstaPay']);
    fireEvent.click(tab('E-wallet'));
    // The channel rule applies to card type 1 only.
    expect(shown()).toEqual(['walletNumber', 'everyTypeInstaPay', 'everyTypeNoChannel', 'walletChannel']);
  });

  it('opens on the card type the server sends', async () => {
    const first = setup({ form: { current: '', items: ITEMS.map((i) => (i.code === 'cardType' ? { ...i, value: '2' } : i)) } });
    expect((await screen.findByRole('tab', { name: 'E-wallet' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'E-wallet' })).toBeTruthy();
    expect(first.calls('/v3/bind-card/card-init')[0]![1]?.body).toBe('product_id=4');
  });

  it('without a card-type field there are no tabs and card type 1 applies', async () => {
    const api = setup({ form: { current: '', items: ITEMS.filter((i) => i.code !== 'cardType') } });
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'E-wallet' })).toBeNull();
    await chooseIn('Bank', 'BDO Unibank');
    fireEvent.change(textbox('Account number'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(NEW)).toHaveLength(1));
    expect(bodyOf(api.calls(NEW)[0])).toBe('bankCode=BDO&bankAccount=1234567890&product_id=4');
  });

  it('account numbers: digits only, grouped in fours, cut at maxLength', async () => {
    setup();
    const account = (await screen.findByRole('textbox', { name: 'Account number' })) as HTMLInputElement;
    expect(account.inputMode).toBe('numeric');
    fireEvent.change(account, { target: { value: '0012-3456 78ab90' } });
    expect(account.value).toBe('0012 3456 7890');
    fireEvent.change(account, { target: { value: '0012 3456 7890 1234 5678' } });
    expect(account.value).toBe('0012 3456 7890 1234');
    fireEvent.change(account, { target: { value: 'abc' } });
    expect(account.value).toBe('');
  });

  it('wallet numbers: digits only, max 11, shown 0917 123 4567', async () => {
    setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'E-wallet' }));
    const phone = textbox('E-wallet mobile number');
    expect(phone.inputMode).toBe('numeric');
    fireEvent.change(phone, { target: { value: '0917a123' } });
    expect(phone.value).toBe('0917 123');
    fireEvent.change(phone, { target: { value: '0917-123-4567 89' } });
    expect(phone.value).toBe('0917 123 4567');
    fireEvent.change(phone, { target: { value: '+63 917 765 4321' } });
    expect(phone.value).toBe('0917 765 4321');
  });

  it('every text input takes digits only, whatever its input type', async () => {
    setup({ form: { current: '', items: [...ITEMS, item({ code: 'branch', title: 'Branch code', cardTypeMi: 1, channelNumber: 90006 })] } });
    const branch = (await screen.findByRole('textbox', { name: 'Branch code' })) as HTMLInputElement;
    expect(branch.inputMode).toBe('numeric');
    fireEvent.change(branch, { target: { value: 'Makati 0012' } });
    expect(branch.value).toBe('0012');
  });

  it('a picker applies its choice on Confirm only, and shows the name of the chosen type', async () => {
    setup();
    const bank = (await screen.findByRole('combobox', { name: 'Bank' })) as HTMLInputElement;
    await chooseIn('Bank', 'Bank of the Philippine Islands', 'Cancel');
    expect(bank.value).toBe('');
    await chooseIn('Bank', 'Bank of the Philippine Islands');
    expect(bank.value).toBe('Bank of the Philippine Islands');
    // Opening again starts from the chosen option.
    fireEvent.click(bank);
    expect((within(screen.getByRole('dialog', { name: 'Bank' })).getByRole('radio', { name: 'Bank of the Philippine Islands' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a prefilled choice shows its name, and the current account is shown', async () => {
    setup({
      form: {
        current: 'Bank of the Philippine Islands •••• 7890',
        items: ITEMS.map((i) => (i.code === 'bankCode' ? { ...i, value: 'BPI' } : i)),
      },
    });
    expect(((await screen.findByRole('combobox', { name: 'Bank' })) as HTMLInputElement).value).toBe('Bank of the Philippine Islands');
    expect(screen.getByTestId('current-account').textContent).toBe('Loans are sent to: Bank of the Philippine Islands •••• 7890');
  });

  it('sends the card type, the fields of that type (option types, digits) and product_id to bind-card-new', async () => {
    const api = setup();
    await screen.findByRole('combobox', { name: 'Bank' });
    // Something typed on the other tab is not sent.
    fireEvent.click(tab('E-wallet'));
    fireEvent.change(textbox('E-wallet mobile number'), { target: { value: '09171234567' } });
    fireEvent.click(tab('Bank account'));
    await chooseIn('Bank', 'Bank of the Philippine Islands');
    fireEvent.change(textbox('Account number'), { target: { value: '0012 3456 7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(NEW)).toHaveLength(1));
    expect(bodyOf(api.calls(NEW)[0])).toBe('cardType=1&bankCode=BPI&bankAccount=001234567890&product_id=4');
    expect(api.calls(NEW)[0]![0]).toBe('/pany/v3/bind-card/bind-card-new?sessionId=s1');
    expect(api.calls(CHANGE)).toHaveLength(0);
    expect(api.calls(LOAN_DETAIL)).toHaveLength(0);
  });

  it('an e-wallet is sent with card type 2', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'E-wallet' }));
    await chooseIn('E-wallet', 'GCash');
    fireEvent.change(textbox('E-wallet mobile number'), { target: { value: '0917 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(NEW)).toHaveLength(1));
    expect(bodyOf(api.calls(NEW)[0])).toBe('cardType=2&walletCode=GCASH&walletNumber=09171234567&product_id=4');
  });

  it('replaces an account through bind-card-change', async () => {
    const api = setup({ form: { ...FORM, current: 'BDO Unibank •••• 1234' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(CHANGE)).toHaveLength(1));
    expect(api.calls(NEW)).toHaveLength(0);
  });

  it('from order details binds through bind-card-loan-detail, even when replacing', async () => {
    const api = setup({ form: { ...FORM, current: 'BDO Unibank •••• 1234' }, query: `${QUERY}&source=loanDetail` });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(LOAN_DETAIL)).toHaveLength(1));
    expect(api.calls(NEW)).toHaveLength(0);
    expect(api.calls(CHANGE)).toHaveLength(0);
  });

  it('starts the bank session on opening; a binding ends it, then closes the web view', async () => {
    const { order, handlers } = nativeBank();
    setup();
    await screen.findByRole('combobox', { name: 'Bank' });
    expect(handlers.startBank).toHaveBeenCalledTimes(1);
    expect(handlers.startBank).toHaveBeenCalledWith('{"productId":"4"}');
    await chooseIn('Bank', 'BDO Unibank');
    fireEvent.change(textbox('Account number'), { target: { value: '1234567891' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(handlers.closeWebview).toHaveBeenCalledWith('{}'));
    expect(order).toEqual(['startBank', 'endBank', 'closeWebview']);
    expect(getToast()?.message).toBe('Your account is saved. We send your loan there.');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('from order details: ends the session and goes to the order page with its query and source=loanDetail', async () => {
    const { order, handlers } = nativeBank();
    setup({ query: `${QUERY}&source=loanDetail` });
    await screen.findByRole('combobox', { name: 'Bank' });
    expect(handlers.startBank).toHaveBeenCalledWith('{"productId":"4","source":"loanDetail"}');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/loanDetails?sessionId=s1&productId=4&orderId=12&source=loanDetail');
    expect(order).toEqual(['startBank', 'endBank']);
  });

  it('in a browser the bridge falls back: no second navigation to /bindBank, and closing goes back', async () => {
    const navigate = vi.fn();
    const back = vi.fn();
    configureBridge({ navigate, back });
    window.history.pushState(null, '', '/bindBank?sessionId=s1&productId=4');
    setup();
    await screen.findByRole('combobox', { name: 'Bank' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refused field is marked with the message beside it, not toasted; what was entered stays', async () => {
    const { handlers } = nativeBank();
    const message = 'The account number is not valid. Please check it and try again.';
    const api = setup({ bind: fail('400', message, { field: 'bankAccount' }) });
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseIn('Bank', 'BDO Unibank');
    fireEvent.change(textbox('Account number'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const account = textbox('Account number');
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptions(account)).toEqual([message, '10 to 16 digits, from your passbook, card or banking app']);
    expect(document.activeElement).toBe(account);
    expect(getToast()).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Bank' }).getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Bank' }) as HTMLInputElement).value).toBe('BDO Unibank');
    expect(account.value).toBe('123');
    expect(handlers.endBank).not.toHaveBeenCalled();
    expect(handlers.closeWebview).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    // Typing again clears the mark.
    fireEvent.change(account, { target: { value: '1234567891' } });
    expect(account.getAttribute('aria-invalid')).toBeNull();
    expect(api.calls(NEW)).toHaveLength(1);
  });

  it('a refusal that names no field is toasted', async () => {
    nativeBank();
    setup({ bind: fail('500', 'Something went wrong.') });
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseIn('Bank', 'BDO Unibank');
    fireEvent.change(textbox('Account number'), { target: { value: '1234567891' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(getToast()?.message).toBe('Something went wrong.'));
  });
});

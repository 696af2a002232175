import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, setLocale } from '@hiram/shared/i18n/i18n';
import { forgetCarried } from '@hiram/shared/query/pageQuery';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { ToastHost } from '@hiram/shared/ui/Toast';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { PromotionPage } from './PromotionPage';

const INFO = { companyName: 'Hiram Lending Corporation', secRegistrationNo: 'CS201900001', certificateOfAuthorityNo: '3001' };
const TEMPLATE = {
  id: 3,
  appName: 'Hiram',
  headline: 'Cash in 1 day',
  subheadline: 'Borrow up to ₱10,000',
  buttonText: 'Register now',
  headlineFil: 'Cash sa loob ng isang araw',
  subheadlineFil: 'Humiram nang hanggang ₱10,000',
  buttonTextFil: 'Magrehistro na',
  themeColor: '#a94aff',
  downloadAndroidUrl: '',
  downloadIosUrl: '',
};

function renderPromo(routes: Record<string, MockAnswer> = {}, url = '/promotion?id=3&app_from=fb&user_from=ads&utm_tag=x&UC=uc9') {
  const api = mockApi({
    '/public/company-info': { code: '00', message: '', data: INFO },
    '/api/v2/youmi/service/channel/channel-template': { code: '00', message: '', data: TEMPLATE },
    '/api/v2/youmi/promotion/track-visit': { code: '0', message: '', data: null },
    '/api/v2/youmi/promotion/track-click': { code: '0', message: '', data: null },
    '/api/v2/youmi/promotion/get-sid': { code: '0', message: '', data: { sid: 'sid42' } },
    '/service/event/save': { code: '00', message: '', data: null },
    ...routes,
  });
  window.history.replaceState(null, '', url);
  render(
    <>
      <PromotionPage />
      <ToastHost />
    </>,
  );
  return api;
}

const phoneBox = () => screen.getByRole('textbox', { name: 'Mobile number' });
const captchaBox = () => screen.getByRole('textbox', { name: 'Digits in the picture' });
const smsBox = () => screen.getByRole('textbox', { name: 'SMS code' });
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const captchaSrc = () => screen.getByRole('button', { name: /Picture code/ }).querySelector('img')!.getAttribute('src');
/** The picture, once the sid it is drawn for has come. */
const pictureShown = () => waitFor(() => expect(captchaSrc()).toBeTruthy());

async function fillForm() {
  await pictureShown();
  type(phoneBox(), '09171234567');
  type(captchaBox(), '4812');
  type(smsBox(), '123456');
}

let now = 1_700_000_000_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  hideToast();
  sessionStorage.clear();
});

describe('promotion page', () => {
  /** Renders the page in Filipino with `template`, then turns the page back to English. */
  async function inFilipino(template: typeof TEMPLATE, check: () => Promise<void>) {
    await act(() => chooseLocale('fil'));
    try {
      renderPromo({ '/api/v2/youmi/service/channel/channel-template': { code: '00', message: '', data: template } });
      await check();
    } finally {
      await act(() => setLocale('en'));
      forgetCarried();
    }
  }

  it('in Filipino says the template’s Filipino texts, none of its English ones', () =>
    inFilipino(TEMPLATE, async () => {
      expect(await screen.findByRole('heading', { name: 'Cash sa loob ng isang araw' })).toBeTruthy();
      expect(screen.getByText('Humiram nang hanggang ₱10,000')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Magrehistro na' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Wika' })).toBeTruthy();
      for (const english of ['Cash in 1 day', 'Borrow up to ₱10,000', 'Register now']) expect(screen.queryByText(english)).toBeNull();
    }));

  it('in Filipino says its own Filipino text where the template left one empty', () =>
    inFilipino({ ...TEMPLATE, subheadlineFil: '', buttonTextFil: '' }, async () => {
      expect(await screen.findByRole('heading', { name: 'Cash sa loob ng isang araw' })).toBeTruthy();
      expect(screen.getByText(/^Makatanggap ng cash loan sa iyong e-wallet/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Magrehistro' })).toBeTruthy();
      expect(screen.queryByText('Borrow up to ₱10,000')).toBeNull();
      expect(screen.queryByText('Register now')).toBeNull();
    }));

  it('in Filipino says its own texts for a template written in English only', () =>
    inFilipino({ ...TEMPLATE, appName: 'Hiram Plus', headlineFil: '', subheadlineFil: '', buttonTextFil: '' }, async () => {
      expect(await screen.findByText('Hiram Plus', { selector: '.promo-logo' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Humiram sa Hiram' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Magrehistro' })).toBeTruthy();
      expect(screen.queryByText('Cash in 1 day')).toBeNull();
    }));

  it('loads the template, records the visit and shows the captcha and the SEC numbers', async () => {
    const api = renderPromo();
    // The first effects ask only for what the page shows at once; the visit
    // and the company line wait for an idle main thread (issue 34).
    expect(api.calls('/api/v2/youmi/service/channel/channel-template')).toHaveLength(1);
    expect(api.calls('/api/v2/youmi/promotion/get-sid')).toHaveLength(1);
    expect(api.calls('/api/v2/youmi/promotion/track-visit')).toHaveLength(0);
    expect(api.calls('/public/company-info')).toHaveLength(0);
    // The picture's place and the switch to tones are there before the sid
    // is, waiting for it: nothing moves when it comes.
    expect(captchaSrc()).toBeNull();
    expect((screen.getByRole('button', { name: /Picture code/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Listen to the code instead' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Cash in 1 day' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register now' })).toBeTruthy();
    expect(api.calls('/api/v2/youmi/service/channel/channel-template')[0]![0]).toContain('templateId=3');
    const visit = new URL(api.calls('/api/v2/youmi/promotion/track-visit')[0]![0], 'http://x').searchParams;
    expect(Object.fromEntries(visit)).toMatchObject({ page_id: '3', user_from: 'ads', client_type: 'android', page_type: '1', utm_tag: 'x', app_from: 'fb' });
    await pictureShown();
    expect((screen.getByRole('button', { name: 'Listen to the code instead' }) as HTMLButtonElement).disabled).toBe(false);
    expect(captchaSrc()).toMatch(/^\/pany\/api\/v2\/youmi\/promotion\/get-captcha\?sid=sid42&t=\d+$/);
    // A finger-sized picture (44 px or more tall), larger than its 120×44 drawing.
    const picture = screen.getByRole('button', { name: /Picture code/ }).querySelector('img')!;
    expect(Number(picture.getAttribute('height'))).toBeGreaterThanOrEqual(44);
    expect(Number(picture.getAttribute('width'))).toBeGreaterThanOrEqual(120);
    expect(await screen.findByText(/SEC Reg\. No\. CS201900001 · CA No\. 3001/)).toBeTruthy();
  });

  it('asks for the captcha again when the visitor taps its place after the first ask failed', async () => {
    const api = renderPromo({
      '/api/v2/youmi/promotion/get-sid': [
        { code: '500', message: 'Please try again in a moment.', data: null },
        { code: '0', message: '', data: { sid: 'sid43' } },
      ],
    });
    const place = screen.getByRole('button', { name: /Picture code/ }) as HTMLButtonElement;
    await waitFor(() => expect(place.disabled).toBe(false));
    expect(captchaSrc()).toBeNull();
    expect(api.calls('/api/v2/youmi/promotion/get-sid')).toHaveLength(1);
    fireEvent.click(place);
    await pictureShown();
    expect(captchaSrc()).toContain('sid=sid43');
    expect(api.calls('/api/v2/youmi/promotion/get-sid')).toHaveLength(2);
  });

  it('checks each field in turn with its message', async () => {
    const api = renderPromo();
    await pictureShown();
    const submit = screen.getByRole('button', { name: 'Register now' });
    fireEvent.click(submit);
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    type(phoneBox(), '09171234567');
    fireEvent.click(submit);
    expect(screen.getByText('Please enter the digits in the picture.')).toBeTruthy();
    // Four digits at most, and nothing but digits, with the digit keypad.
    type(captchaBox(), '4a8-1 2 7');
    expect((captchaBox() as HTMLInputElement).value).toBe('4812');
    expect(captchaBox().getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(submit);
    expect(screen.getByText('Please enter the SMS code.')).toBeTruthy();
    expect(api.calls('/api/v2/youmi/promotion/register')).toHaveLength(0);
  });

  it('refreshes the captcha only for a valid mobile', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    renderPromo();
    await pictureShown();
    const before = captchaSrc();
    fireEvent.click(screen.getByRole('button', { name: /Picture code/ }));
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(captchaSrc()).toBe(before);
    type(phoneBox(), '09171234567');
    fireEvent.click(screen.getByRole('button', { name: /Picture code/ }));
    expect(captchaSrc()).not.toBe(before);
  });

  it('sends the code, counts down and refuses a resend meanwhile', async () => {
    const api = renderPromo({ '/api/v2/youmi/promotion/get-sms': { code: '0', message: 'ok', data: null } });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('The code has been sent. Please check your phone.')).toBeTruthy();
    const body = new URLSearchParams(String(api.calls('/api/v2/youmi/promotion/get-sms')[0]![1]?.body));
    expect(Object.fromEntries(body)).toEqual({
      phone: '09171234567', capcode: '4812', sid: 'sid42', deviceId: 'sid42', appName: 'Hiram', id: '3', app_from: 'fb', user_from: 'ads', utm_tag: 'x',
    });
    fireEvent.click(screen.getByRole('button', { name: '60 s' }));
    expect(await screen.findByText('Please do not request the code again so soon.')).toBeTruthy();
    expect(api.calls('/api/v2/youmi/promotion/get-sms')).toHaveLength(1);
  });

  it('"101" on the code request gives a new captcha and the server message', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    renderPromo({ '/api/v2/youmi/promotion/get-sms': { code: '101', message: 'The picture code is wrong.', data: null } });
    await fillForm();
    const before = captchaSrc();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('The picture code is wrong.')).toBeTruthy();
    expect(captchaSrc()).not.toBe(before);
    expect((captchaBox() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
  });

  it('"11" on the code request goes to the download page', async () => {
    renderPromo({ '/api/v2/youmi/promotion/get-sms': { code: '11', message: 'registered', data: null } });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('You are already registered. Please download the app and log in.')).toBeTruthy();
    expect(window.location.hash).toBe('#/downloadTemplate');
    expect(await screen.findByRole('heading', { name: 'Get Hiram' })).toBeTruthy();
  });

  it('"0" on register goes to the download page, records the click and the conversion', async () => {
    const onConversion = vi.fn();
    window.addEventListener('hiram:conversion', onConversion);
    const api = renderPromo({ '/api/v2/youmi/promotion/register': { code: '0', message: '', data: null } });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(await screen.findByText('Registration successful')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Get Hiram' })).toBeTruthy();
    // Registered and signed in by the server: the browser goes on to home, not to a second login.
    expect(screen.getByRole('link', { name: 'Continue in the browser' }).getAttribute('href')).toMatch(/^\/home\?/);
    expect(api.calls('/api/v2/youmi/promotion/track-click')[0]![0]).toContain('phone=09171234567');
    const body = Object.fromEntries(new URLSearchParams(String(api.calls('/api/v2/youmi/promotion/register')[0]![1]?.body)));
    expect(body).toMatchObject({ phone: '09171234567', userName: '09171234567', merchantNumber: '0', smsCode: '123456', id: '3', deviceId: 'sid42' });
    expect((onConversion.mock.calls[0]![0] as CustomEvent).detail).toEqual({ uc: 'uc9' });
    expect(api.calls('/service/event/save')[0]![1]?.body).toBe('moduleId=90&positionId=0');
    window.removeEventListener('hiram:conversion', onConversion);
  });

  it('"-1" on register gives a new captcha; "11" goes to the download page', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    renderPromo({
      '/api/v2/youmi/promotion/register': [
        { code: '-1', message: 'The picture code is wrong.', data: null },
        { code: '11', message: 'registered', data: null },
      ],
    });
    await fillForm();
    const before = captchaSrc();
    fireEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(await screen.findByText('The picture code is wrong.')).toBeTruthy();
    expect(captchaSrc()).not.toBe(before);
    type(captchaBox(), '5599');
    fireEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(await screen.findByText('You are already registered. Please download the app and log in.')).toBeTruthy();
    expect(window.location.hash).toBe('#/downloadTemplate');
  });

  it('shows the catalogue network error when the sid cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    window.history.replaceState(null, '', '/promotion');
    render(
      <>
        <PromotionPage />
        <ToastHost />
      </>,
    );
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
  });

  it('sends the channel link\'s code with the visit, the code request and the registration', async () => {
    const api = renderPromo(
      {
        '/api/v2/youmi/promotion/get-sms': { code: '0', message: 'ok', data: null },
        '/api/v2/youmi/promotion/register': { code: '0', message: '', data: null },
      },
      '/promotion?id=3&user_from=fb&links_id=fb-nov',
    );
    await fillForm();
    const visit = new URL(api.calls('/api/v2/youmi/promotion/track-visit')[0]![0], 'http://x').searchParams;
    expect(visit.get('links_id')).toBe('fb-nov');
    expect(visit.has('down_id')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('The code has been sent. Please check your phone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(await screen.findByText('Registration successful')).toBeTruthy();
    for (const path of ['/api/v2/youmi/promotion/get-sms', '/api/v2/youmi/promotion/register']) {
      expect(new URLSearchParams(String(api.calls(path)[0]![1]?.body)).get('links_id')).toBe('fb-nov');
    }
    expect(api.calls('/api/v2/youmi/promotion/track-click')[0]![0]).toContain('links_id=fb-nov');
  });

  it('offers the template\'s store links on the download page of a download link', async () => {
    const api = renderPromo(
      {
        '/api/v2/youmi/service/channel/channel-template': {
          code: '00',
          message: '',
          data: { ...TEMPLATE, downloadAndroidUrl: 'https://play.google.com/store/apps/details?id=ph.hiram' },
        },
      },
      '/promotion?id=3&down_id=fb-dl#/downloadTemplate',
    );
    const store = await screen.findByRole('link', { name: 'Get it on Google Play' });
    expect(store.getAttribute('href')).toBe('https://play.google.com/store/apps/details?id=ph.hiram');
    expect(new URL(api.calls('/api/v2/youmi/promotion/track-visit')[0]![0], 'http://x').searchParams.get('down_id')).toBe('fb-dl');
    expect(await screen.findByText(/SEC Reg\. No\. CS201900001/)).toBeTruthy();
  });

  it('asks a visitor in a messaging app\'s browser to open the download page in their browser', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; SM-A145F; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/455.0.0.44.88;]',
      clipboard: { writeText: vi.fn(async () => undefined) },
    });
    renderPromo({}, '/promotion?id=3#/downloadTemplate');
    const note = await screen.findByRole('note', { name: 'Open this page in your browser' });
    expect(note.textContent).toContain('You are in Messenger’s own browser');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
    expect(await screen.findByText('copy success', { exact: false })).toBeTruthy();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(window.location.href);
  });

  it('says nothing of it in an ordinary browser', async () => {
    renderPromo({}, '/promotion?id=3#/downloadTemplate');
    expect(await screen.findByRole('heading', { name: 'Get Hiram' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the download page', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    window.history.replaceState(null, '', '/promotion#/downloadTemplate?down_id=7');
    render(<PromotionPage />);
    expect(screen.getByRole('heading', { name: 'Get Hiram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue in the browser' }).getAttribute('href')).toBe('/login?down_id=7');
  });

  it('leads from the registration agreement back to the form, with the promotion query kept', async () => {
    renderPromo({}, '/promotion?id=3&links_id=L7#/agreementTemplate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration agreement' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to registration' });
    expect(back.getAttribute('href')).toBe('#/?id=3&links_id=L7');
    await act(async () => {
      window.location.hash = back.getAttribute('href')!;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash in 1 day' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to registration' })).toBeNull();
  });
});

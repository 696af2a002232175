import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import ComplaintFormPage from './ComplaintFormPage';
import { COMPLAINT_ORDER_KEY } from './storage';
import { INIT } from './testData';

const SAVE = '/user-problem/problem-save';
const UPLOAD = '/user-problem/upload-problem-img';
const SENT =
  'We are sorry this happened, and we take it seriously. How lenders and their collectors may collect is governed by SEC Memorandum Circular No. 18, series of 2019, and we will look into what you reported. Your complaint number is HC-0000076. Customer care will answer by Mar 5, 2026, within 3 working days.';
const FILED = { problemId: 7, reference: 'HC-0000076', dueDate: '2026-03-05' };
const COLLECTION_QUERY = 'sessionId=s1&problemType=1&problemSonType=11&orderNo=HR0001';

/** Each upload answers the next picture URL: /pany/uploads/p1, p2 … */
function uploads() {
  let n = 0;
  return () => ok({ url: `/pany/uploads/p${++n}` });
}

function setup(query = COLLECTION_QUERY, routes: Record<string, MockAnswer> = {}) {
  const api = mockApi({
    '/user-problem/problem-init': ok(INIT),
    [UPLOAD]: uploads(),
    [SAVE]: { code: '00', message: SENT, data: FILED },
    ...routes,
  });
  renderRoute(`/complainPageNext?${query}`, '/complainPageNext', <ComplaintFormPage />);
  return api;
}

const textbox = () => screen.getByRole('textbox', { name: 'Describe the problem' }) as HTMLTextAreaElement;
const picker = () => screen.queryByLabelText('Add pictures') as HTMLInputElement | null;
const thumbnails = () => screen.queryAllByRole('img', { name: /^Picture \d$/ });

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

async function addPicture(name = 'shot.png') {
  const before = thumbnails().length;
  fireEvent.change(picker()!, { target: { files: [png(name)] } });
  await waitFor(() => expect(thumbnails()).toHaveLength(before + 1));
}

/** Picks several pictures in one go; returns once `added` more show. */
async function addPictures(names: readonly string[], added = names.length) {
  const before = thumbnails().length;
  fireEvent.change(picker()!, { target: { files: names.map(png) } });
  await waitFor(() => expect(thumbnails()).toHaveLength(before + added));
}

/** The names of the pictures uploaded, in order. */
const uploadedNames = (api: ReturnType<typeof mockApi>) =>
  api.calls(UPLOAD).map(([, init]) => ((init?.body as FormData).get('problemImage') as File).name);

let previews = 0;
beforeEach(() => {
  previews = 0;
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: vi.fn(() => `blob:preview-${++previews}`), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  hideToast();
  localStorage.clear();
});

describe('complaint form', () => {
  it('shows the chosen type and sub-type, an empty counter, the tip and Send', async () => {
    setup();
    expect(await screen.findByText('Collection')).toBeTruthy();
    expect(screen.getByText('They contacted people other than me')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Send a complaint' })).toBeTruthy();
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(screen.getByText(/Customer care answers within 3 working days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(picker()).toBeTruthy();
  });

  it('stops the text at 200 characters and ignores the rest', async () => {
    setup();
    await screen.findByText('Collection');
    fireEvent.change(textbox(), { target: { value: 'a'.repeat(250) } });
    expect(textbox().value).toBe('a'.repeat(200));
    expect(screen.getByText('200/200')).toBeTruthy();
    fireEvent.change(textbox(), { target: { value: `${'a'.repeat(200)}b` } });
    expect(textbox().value).toBe('a'.repeat(200));
    // Counted as characters, as the server counts them.
    fireEvent.change(textbox(), { target: { value: '😀'.repeat(201) } });
    expect(Array.from(textbox().value)).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeTruthy();
  });

  it('an empty description shows the message and sends nothing', async () => {
    const api = setup();
    await screen.findByText('Collection');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(getToast()?.message).toBe('Please fill in your comments and suggestions.');
    fireEvent.change(textbox(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(getToast()?.message).toBe('Please fill in your comments and suggestions.');
    expect(api.calls(SAVE)).toHaveLength(0);
  });

  it('takes several pictures in one pick, uploads each in problemImage in order, and hides the picker at 9', async () => {
    const api = setup();
    await screen.findByText('Collection');
    expect(picker()?.multiple).toBe(true);
    await addPictures(['first.png', 'second.png', 'third.png']);
    expect(getToast()?.message).toBe('Upload succeeded!');
    const [url] = api.calls(UPLOAD)[0]!;
    expect(url).toBe(`/pany${UPLOAD}?sessionId=s1`);
    expect(uploadedNames(api)).toEqual(['first.png', 'second.png', 'third.png']);
    // Eight more picked with room for six: the first six go, and the borrower is told.
    await addPictures(['4.png', '5.png', '6.png', '7.png', '8.png', '9.png', '10.png', '11.png'], 6);
    expect(thumbnails()).toHaveLength(9);
    expect(uploadedNames(api)).toEqual(['first.png', 'second.png', 'third.png', '4.png', '5.png', '6.png', '7.png', '8.png', '9.png']);
    expect(getToast()?.message).toBe('Only 6 more pictures fit, so the first 6 were added.');
    expect(picker()).toBeNull();
    // Removing one brings the picker back, for one picture.
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    expect(thumbnails()).toHaveLength(8);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-3');
    expect(picker()?.multiple).toBe(false);
    await addPicture('again.png');
    expect(thumbnails()).toHaveLength(9);
  });

  it('one picture still goes on its own', async () => {
    const api = setup();
    await screen.findByText('Collection');
    await addPicture('only.png');
    expect(uploadedNames(api)).toEqual(['only.png']);
    expect(getToast()?.message).toBe('Upload succeeded!');
  });

  it('a refused picture in a pick stops the rest: those before it stay, the server message shows', async () => {
    let n = 0;
    const api = setup(COLLECTION_QUERY, {
      [UPLOAD]: () => (++n === 2 ? fail('400', 'Please send a JPEG, PNG or WebP picture.') : ok({ url: `/pany/uploads/p${n}` })),
    });
    await screen.findByText('Collection');
    fireEvent.change(picker()!, { target: { files: [png('a.png'), png('b.gif'), png('c.png')] } });
    await waitFor(() => expect(getToast()?.message).toBe('Please send a JPEG, PNG or WebP picture.'));
    expect(thumbnails()).toHaveLength(1);
    expect(uploadedNames(api)).toEqual(['a.png', 'b.gif']);
  });

  it('a refused picture toasts the server message and is not added', async () => {
    setup(COLLECTION_QUERY, { [UPLOAD]: fail('400', 'Please send a JPEG, PNG or WebP picture.') });
    await screen.findByText('Collection');
    fireEvent.change(picker()!, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(getToast()?.message).toBe('Please send a JPEG, PNG or WebP picture.'));
    expect(thumbnails()).toHaveLength(0);
  });

  it('sends the complaint with the pictures joined by commas, clears the kept order, and shows its words and number until the borrower moves on', async () => {
    localStorage.setItem(COMPLAINT_ORDER_KEY, 'HR0001');
    const api = setup();
    await screen.findByText('Collection');
    await addPictures(['a.png', 'b.png']);
    fireEvent.change(textbox(), { target: { value: '  They called my boss twice.  ' } });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const dialog = screen.getByRole('dialog', { name: 'Successfully Sent' });
    expect(dialog.textContent).toContain(SENT);
    expect(dialog.textContent).not.toContain('Have a nice day');
    expect(within(dialog).getByText('Complaint number')).toBeTruthy();
    expect(within(dialog).getByText('HC-0000076')).toBeTruthy();
    expect(within(dialog).getByText('Keep this number and give it whenever you contact us about this complaint.')).toBeTruthy();
    expect(api.calls(SAVE)).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(String(api.calls(SAVE)[0]![1]?.body)))).toEqual({
      problemType: '1',
      problemSonType: '11',
      problemDetail: 'They called my boss twice.',
      problemImage: '/pany/uploads/p1,/pany/uploads/p2',
      orderNo: 'HR0001',
    });
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBeNull();

    // The number does not vanish before it is read.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('dialog', { name: 'Successfully Sent' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    vi.useRealTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'See my complaint' }));
    expect(screen.getByTestId('where').textContent).toBe('/complainDetails?sessionId=s1&problemId=7');
  });

  it('OK on the success dialog goes to the complaint home', async () => {
    setup();
    await screen.findByText('Collection');
    fireEvent.change(textbox(), { target: { value: 'Rude caller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Successfully Sent' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where').textContent).toBe('/complaint?sessionId=s1');
  });

  it('a type without sub-types sends 0, no pictures as empty, and the kept order when the query has none', async () => {
    localStorage.setItem(COMPLAINT_ORDER_KEY, 'HR0007');
    const api = setup('sessionId=s1&problemType=2&problemSonType=0');
    expect(await screen.findByText('Repayment and payments')).toBeTruthy();
    fireEvent.change(textbox(), { target: { value: 'Not posted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Successfully Sent' })).toBeTruthy();
    expect(String(api.calls(SAVE)[0]![1]?.body)).toBe(
      'problemType=2&problemSonType=0&problemDetail=Not+posted&problemImage=&orderNo=HR0007',
    );
  });

  it('a refusal toasts the server message and keeps the form and the kept order', async () => {
    localStorage.setItem(COMPLAINT_ORDER_KEY, 'HR0001');
    setup(COLLECTION_QUERY, {
      [SAVE]: fail('400', 'Collection complaints are about a loan you have been repaying. Please choose that loan.'),
    });
    await screen.findByText('Collection');
    fireEvent.change(textbox(), { target: { value: 'Rude caller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToast()?.message).toMatch(/^Collection complaints/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(textbox().value).toBe('Rude caller');
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBe('HR0001');
  });

  it('a send that fails and then succeeds: the success dialog takes the failure\'s toast away', async () => {
    setup(COLLECTION_QUERY, { [SAVE]: [fail('503', 'The service is busy. Please try again.'), { code: '00', message: SENT, data: FILED }] });
    await screen.findByText('Collection');
    fireEvent.change(textbox(), { target: { value: 'Rude caller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToast()?.message).toBe('The service is busy. Please try again.'));
    // The button is the borrower's again once the failed send has settled (on a busy machine, a render later).
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByRole('dialog', { name: 'Successfully Sent' })).toBeTruthy();
    // Well before the failure's toast would hide by itself (3 s).
    await waitFor(() => expect(getToast()).toBeNull(), { timeout: 1_000 });
  });

  it('without a type it sends the borrower back to the complaint home', async () => {
    setup('sessionId=s1');
    expect(await screen.findByText('No kind of problem was chosen. Please start again from Complaints.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complaints and suggestions' }).getAttribute('href')).toBe('/complaint?sessionId=s1');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

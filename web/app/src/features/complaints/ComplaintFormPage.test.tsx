import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import ComplaintFormPage from './ComplaintFormPage';
import { COMPLAINT_ORDER_KEY } from './storage';
import { INIT } from './testData';

const SAVE = '/user-problem/problem-save';
const UPLOAD = '/user-problem/upload-problem-img';
const SENT = 'Your comments and suggestions have been received and we will deal with them as soon as possible. Have a nice day.';
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
    [SAVE]: { code: '00', message: SENT, data: null },
    ...routes,
  });
  renderRoute(`/complainPageNext?${query}`, '/complainPageNext', <ComplaintFormPage />);
  return api;
}

const textbox = () => screen.getByRole('textbox', { name: 'Describe the problem' }) as HTMLTextAreaElement;
const picker = () => screen.queryByLabelText('Add a picture') as HTMLInputElement | null;
const thumbnails = () => screen.queryAllByRole('img', { name: /^Picture \d$/ });

async function addPicture(name = 'shot.png') {
  const before = thumbnails().length;
  fireEvent.change(picker()!, { target: { files: [new File(['png'], name, { type: 'image/png' })] } });
  await waitFor(() => expect(thumbnails()).toHaveLength(before + 1));
}

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

  it('uploads one picture at a time in problemImage, and hides the picker at 9', async () => {
    const api = setup();
    await screen.findByText('Collection');
    expect(picker()?.multiple).toBe(false);
    await addPicture('first.png');
    expect(getToast()?.message).toBe('Upload succeeded!');
    const [url, init] = api.calls(UPLOAD)[0]!;
    expect(url).toBe(`/pany${UPLOAD}?sessionId=s1`);
    const sent = (init?.body as FormData).get('problemImage') as File;
    expect(sent.name).toBe('first.png');
    for (let i = 2; i <= 8; i += 1) await addPicture();
    expect(picker()).toBeTruthy();
    await addPicture();
    expect(thumbnails()).toHaveLength(9);
    expect(picker()).toBeNull();
    // Removing one brings the picker back.
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    expect(thumbnails()).toHaveLength(8);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-3');
    expect(picker()).toBeTruthy();
  });

  it('a refused picture toasts the server message and is not added', async () => {
    setup(COLLECTION_QUERY, { [UPLOAD]: fail('400', 'Please send a JPEG, PNG or WebP picture.') });
    await screen.findByText('Collection');
    fireEvent.change(picker()!, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(getToast()?.message).toBe('Please send a JPEG, PNG or WebP picture.'));
    expect(thumbnails()).toHaveLength(0);
  });

  it('sends the complaint with the pictures joined by commas, clears the kept order, shows the modal 1.5 s, then the home', async () => {
    localStorage.setItem(COMPLAINT_ORDER_KEY, 'HR0001');
    const api = setup();
    await screen.findByText('Collection');
    await addPicture();
    await addPicture();
    fireEvent.change(textbox(), { target: { value: '  They called my boss twice.  ' } });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const dialog = screen.getByRole('dialog', { name: 'Successfully Sent' });
    expect(dialog.textContent).toContain(SENT);
    expect(api.calls(SAVE)).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(String(api.calls(SAVE)[0]![1]?.body)))).toEqual({
      problemType: '1',
      problemSonType: '11',
      problemDetail: 'They called my boss twice.',
      problemImage: '/pany/uploads/p1,/pany/uploads/p2',
      orderNo: 'HR0001',
    });
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
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
    setup(COLLECTION_QUERY, { [SAVE]: [fail('503', 'The service is busy. Please try again.'), { code: '00', message: SENT, data: null }] });
    await screen.findByText('Collection');
    fireEvent.change(textbox(), { target: { value: 'Rude caller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToast()?.message).toBe('The service is busy. Please try again.'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Successfully Sent' })).toBeTruthy();
    expect(getToast()).toBeNull();
  });

  it('without a type it sends the borrower back to the complaint home', async () => {
    setup('sessionId=s1');
    expect(await screen.findByText('No kind of problem was chosen. Please start again from Complaints.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complaints and suggestions' }).getAttribute('href')).toBe('/complaint?sessionId=s1');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

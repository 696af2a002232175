import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { TemplateRow } from './api';
import { TemplatesPage } from './TemplatesPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const TEMPLATE: TemplateRow = {
  id: 1,
  appName: 'Hiram',
  headline: 'Cash up to ₱10,000',
  subheadline: 'Register with your mobile number.',
  buttonText: 'Register now',
  headlineFil: '',
  subheadlineFil: '',
  buttonTextFil: '',
  themeColor: '#A94AFF',
  downloadAndroidUrl: '',
  downloadIosUrl: '',
  active: true,
  landingPath: '/promotion?id=1',
};

const page = (rows: TemplateRow[], total = rows.length, n = 1) => ok({ rows, total, page: n, pageSize: 20 });
const table = () => screen.getByRole('table', { name: 'Promotion templates' });

describe('promotion templates', () => {
  it('lists templates with the address to share, a page at a time', async () => {
    const api = consoleApi({ '/promotion-templates': [page([TEMPLATE], 25), page([{ ...TEMPLATE, id: 21, landingPath: '/promotion?id=21' }], 25, 2)] });
    renderSection(<TemplatesPage />);
    expect(await within(table()).findByText('Cash up to ₱10,000')).toBeTruthy();
    expect(within(table()).getByText(`${window.location.origin}/promotion?id=1`)).toBeTruthy();
    expect(query(api.calls('/promotion-templates')[0]![0])).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByText('Page 1 of 2 · 25 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table()).findByText('#21')).toBeTruthy();
    expect(query(api.calls('/promotion-templates')[1]![0]).page).toBe('2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds a template with every field the server checks', async () => {
    const api = consoleApi({ '/promotion-templates': page([TEMPLATE]), '/promotion-templates/save': ok({ ...TEMPLATE, id: 2 }) });
    renderSection(<TemplatesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = screen.getByRole('dialog', { name: 'New template' });
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('App name', 'Hiram Plus');
    type('Headline', 'Cash for your store');
    type('Button text', 'Sign me up');
    type('Headline in Filipino', 'Cash para sa tindahan mo');
    type('Button text in Filipino', 'Sali na');
    type('Theme colour', '#1F7A4D');
    type('Google Play address', 'https://play.google.com/store/apps/details?id=ph.hiram');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/promotion-templates/save')).toHaveLength(1));
    expect(form(api.calls('/promotion-templates/save')[0]![1])).toEqual({
      appName: 'Hiram Plus',
      headline: 'Cash for your store',
      subheadline: '',
      buttonText: 'Sign me up',
      headlineFil: 'Cash para sa tindahan mo',
      subheadlineFil: '',
      buttonTextFil: 'Sali na',
      themeColor: '#1F7A4D',
      downloadAndroidUrl: 'https://play.google.com/store/apps/details?id=ph.hiram',
      downloadIosUrl: '',
      active: 'true',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToast()?.message).toBe('Saved.');
    await waitFor(() => expect(api.calls('/promotion-templates')).toHaveLength(2));
  });

  it('marks the field the server refused and keeps the dialog open', async () => {
    const api = consoleApi({
      '/promotion-templates': page([TEMPLATE]),
      '/promotion-templates/save': fail('400', 'Please check: themeColor.', { field: 'themeColor' }),
    });
    renderSection(<TemplatesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit template #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit template #1' });
    const colour = within(dialog).getByLabelText('Theme colour') as HTMLInputElement;
    expect(colour.value).toBe('#A94AFF');
    fireEvent.change(colour, { target: { value: 'purple' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(colour.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This does not fit the rule below. Please correct it.')).toBeTruthy();
    expect(form(api.calls('/promotion-templates/save')[0]![1]).id).toBe('1');
    expect(getToast()).toBeNull();
  });

  it('shows a template\'s Filipino texts beside the English ones and marks a Filipino one the server refused', async () => {
    const written = { ...TEMPLATE, headlineFil: 'Hanggang ₱10,000 na cash', subheadlineFil: 'Magrehistro gamit ang mobile number mo.', buttonTextFil: 'Magrehistro na' };
    const api = consoleApi({
      '/promotion-templates': page([written]),
      '/promotion-templates/save': fail('400', 'Please check: headlineFil.', { field: 'headlineFil' }),
    });
    renderSection(<TemplatesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit template #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit template #1' });
    const box = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(box('Headline in Filipino').value).toBe('Hanggang ₱10,000 na cash');
    expect(box('Text under the headline in Filipino').value).toBe('Magrehistro gamit ang mobile number mo.');
    expect(box('Button text in Filipino').value).toBe('Magrehistro na');
    expect(box('Headline in Filipino').maxLength).toBe(box('Headline').maxLength);
    expect(box('Button text in Filipino').maxLength).toBe(box('Button text').maxLength);
    const labels = within(dialog).getAllByRole('textbox').map((field) => (field as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels.slice(0, 7)).toEqual([
      'App name',
      'Headline',
      'Headline in Filipino',
      'Text under the headline',
      'Text under the headline in Filipino',
      'Button text',
      'Button text in Filipino',
    ]);

    fireEvent.change(box('Headline in Filipino'), { target: { value: 'Bagong pamagat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box('Headline in Filipino').getAttribute('aria-invalid')).toBe('true'));
    expect(box('Headline').getAttribute('aria-invalid')).not.toBe('true');
    expect(within(dialog).getByText('This does not fit the rule below. Please correct it.')).toBeTruthy();
    expect(form(api.calls('/promotion-templates/save')[0]![1])).toMatchObject({
      id: '1',
      headline: 'Cash up to ₱10,000',
      headlineFil: 'Bagong pamagat',
      subheadlineFil: 'Magrehistro gamit ang mobile number mo.',
      buttonTextFil: 'Magrehistro na',
    });
    expect(getToast()).toBeNull();
  });
});

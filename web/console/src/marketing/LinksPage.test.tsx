import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { LinkFunnelRow } from './api';
import { LinksPage } from './LinksPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const ROW: LinkFunnelRow = {
  link: {
    id: 4,
    name: 'Facebook November',
    templateId: 1,
    userFrom: 'fb',
    appFrom: '',
    utmTag: 'nov-boost',
    kind: 'register',
    linksId: 'fb-nov',
    downId: '',
    landingPath: '/promotion?id=1&user_from=fb&utm_tag=nov-boost&links_id=fb-nov',
    createdAt: '2025-11-01T01:00:00Z',
  },
  visits: 200,
  clicks: 80,
  codesSent: 40,
  registrations: 25,
};

const TEMPLATES = ok({ rows: [{ id: 1, appName: 'Hiram', headline: 'Cash up to ₱10,000', landingPath: '/promotion?id=1' }], total: 1, page: 1, pageSize: 100 });
const links = ok({ rows: [ROW], total: 1, page: 1, pageSize: 20 });
const table = () => screen.getByRole('table', { name: 'Channel links' });

describe('channel links', () => {
  it('shows each link\'s funnel and the full address to copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    consoleApi({ '/promotion-links': links });
    renderSection(<LinksPage />);
    const row = (await within(table()).findByText('Facebook November')).closest('tr')!;
    for (const text of ['200', '80', '40', '25', '12.5%', 'links_id=fb-nov']) expect(within(row).getByText(text)).toBeTruthy();
    const address = `${window.location.origin}${ROW.link.landingPath}`;
    fireEvent.click(within(row).getByRole('button', { name: `Copy ${address}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address));
  });

  it('adds a download link with its code and template', async () => {
    const api = consoleApi({ '/promotion-links': links, '/promotion-templates': TEMPLATES, '/promotion-links/save': ok(ROW.link) });
    renderSection(<LinksPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New link' }));
    const dialog = screen.getByRole('dialog', { name: 'New link' });
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Name', 'TikTok download');
    await within(dialog).findByRole('option', { name: '#1 Hiram: Cash up to ₱10,000' });
    type('Template', '1');
    type('Channel', 'tiktok');
    type('Opens', 'download');
    type('Code', 'tt-dl');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/promotion-links/save')).toHaveLength(1));
    expect(form(api.calls('/promotion-links/save')[0]![1])).toEqual({
      name: 'TikTok download', templateId: '1', userFrom: 'tiktok', appFrom: '', utmTag: '', kind: 'download', code: 'tt-dl',
    });
  });

  it('edits a link without touching its code, and says when a code is taken', async () => {
    const api = consoleApi({
      '/promotion-links': links,
      '/promotion-templates': TEMPLATES,
      '/promotion-links/save': [fail('409', 'Another link of this kind already uses this code.', { field: 'code' }), ok(ROW.link)],
    });
    renderSection(<LinksPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit link Facebook November' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit link Facebook November' });
    const code = within(dialog).getByLabelText('Code') as HTMLInputElement;
    expect(code.readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Opens') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('UTM tag'), { target: { value: 'nov-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/no other link of this kind uses/)).toBeTruthy();
    const sent = form(api.calls('/promotion-links/save')[0]![1]);
    expect(sent).toEqual({ name: 'Facebook November', templateId: '1', userFrom: 'fb', appFrom: '', utmTag: 'nov-2', id: '4' });
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { BannerRow } from './api';
import { BannersPage } from './BannersPage';
import { fromManilaInput, toManilaInput } from './manilaTime';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const BANNER: BannerRow = {
  id: 3,
  text: '<b>Piso sale</b> this week',
  link: '/promotion?id=1',
  showsFrom: '2025-12-01T00:00:00Z',
  showsUntil: null,
  position: 2,
  showing: true,
};

const banners = ok({ rows: [BANNER], total: 1, page: 1, pageSize: 20 });
const table = () => screen.getByRole('table', { name: 'Site banners' });

describe('Manila times', () => {
  it('turns instants into Manila datetime-local values and back', () => {
    expect(toManilaInput('2025-12-01T00:00:00Z')).toBe('2025-12-01T08:00');
    expect(toManilaInput(null)).toBe('');
    expect(fromManilaInput('2025-12-01T08:00')).toBe('2025-12-01T08:00:00+08:00');
    expect(fromManilaInput('')).toBe('');
  });
});

describe('site banners', () => {
  it('lists banners as text with their times in Manila', async () => {
    consoleApi({ '/site-banners': banners });
    renderSection(<BannersPage />);
    const row = (await within(table()).findByText('<b>Piso sale</b> this week')).closest('tr')!;
    expect(row.querySelector('b')).toBeNull();
    expect(within(row).getByText('2025-12-01 08:00:00')).toBeTruthy();
    expect(within(row).getByText('No end')).toBeTruthy();
    expect(within(row).getByText('Showing now')).toBeTruthy();
  });

  it('sends the times staff typed as Manila time and marks a refused field', async () => {
    const api = consoleApi({
      '/site-banners': banners,
      '/site-banners/save': [fail('400', 'Please check: showsUntil.', { field: 'showsUntil' }), ok(BANNER)],
    });
    renderSection(<BannersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit banner #3' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit banner #3' });
    expect((within(dialog).getByLabelText('Shows from') as HTMLInputElement).value).toBe('2025-12-01T08:00');
    const until = within(dialog).getByLabelText('Shows until');
    fireEvent.change(until, { target: { value: '2025-11-30T20:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(until.getAttribute('aria-invalid')).toBe('true'));
    expect(form(api.calls('/site-banners/save')[0]![1])).toEqual({
      id: '3',
      text: '<b>Piso sale</b> this week',
      link: '/promotion?id=1',
      showsFrom: '2025-12-01T08:00:00+08:00',
      showsUntil: '2025-11-30T20:00:00+08:00',
      position: '2',
    });
    fireEvent.change(until, { target: { value: '2025-12-25T00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.calls('/site-banners')).toHaveLength(2));
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import ComplaintListPage from './ComplaintListPage';
import { LIST } from './testData';

function setup() {
  const api = mockApi({ '/user-problem/problem-list': ok(LIST) });
  renderRoute('/complaintList?sessionId=s1', '/complaintList', <ComplaintListPage />);
  return api;
}

const panel = () => screen.getByRole('tabpanel');

afterEach(() => vi.unstubAllGlobals());

describe('my complaints', () => {
  it('shows the server tabs, the first selected, with the complaint number, time, topic and content', async () => {
    setup();
    expect(await screen.findByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My complaints' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['All', 'true'],
      ['Processing', 'false'],
      ['Replied', 'false'],
    ]);
    const entries = within(panel()).getAllByRole('link');
    expect(entries).toHaveLength(2);
    expect(entries[1]!.textContent).toContain('HC-0000076 · Mar 1, 2026, 9:00 AM');
    expect(within(entries[0]!).getByText('HC-0000084')).toBeTruthy();
    expect(entries[1]!.textContent).toContain('Topic: Collection');
    expect(entries[1]!.textContent).toContain('They called my boss');
  });

  it('switches tabs, and says when a tab is empty', async () => {
    setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'Processing' }));
    expect(screen.getByRole('tab', { name: 'Processing' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getAllByRole('link')).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Replied' }));
    expect(within(panel()).queryAllByRole('link')).toHaveLength(0);
    expect(within(panel()).getByText('No complaints here yet.')).toBeTruthy();
  });

  it('tapping an entry opens its detail', async () => {
    setup();
    await screen.findByRole('tab', { name: 'All' });
    fireEvent.click(within(panel()).getByRole('link', { name: /They called my boss/ }));
    expect(screen.getByTestId('where').textContent).toBe('/complainDetails?sessionId=s1&problemId=7');
  });
});

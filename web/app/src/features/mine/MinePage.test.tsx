import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureBridge } from '@hiram/shared/bridge/bridge';
import { mockApi } from '@hiram/shared/testing/mockApi';
import MinePage from './MinePage';

afterEach(() => vi.unstubAllGlobals());

describe('my account', () => {
  it('logs out on the server, forgets the session and goes to the login', async () => {
    const api = mockApi({ '/service/login/logout': { code: '00', message: '', data: null } });
    const navigate = vi.fn();
    configureBridge({ navigate });
    window.history.replaceState(null, '', '/mine?sessionId=tok');
    render(
      <MemoryRouter>
        <MinePage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(api.calls('/service/login/logout')[0]![0]).toBe('/pany/service/login/logout?sessionId=tok');
    expect(sessionStorage.getItem('hiram.q.sessionId')).toBeNull();
  });
});

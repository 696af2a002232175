import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSessionEnded } from '@hiram/shared/session/sessionEnded';
import { LOGIN_PATH } from './loginPath';

// The notice, with the log-in texts it speaks in, is a chunk of its own: every
// page's start-up carries this gate, and only a page whose session has ended
// downloads what it shows (decision 094).
const SessionEndedNotice = lazy(() => import('./SessionEndedNotice'));

/**
 * Every borrower page, unless a call of it found no session: then, in its
 * place, what happened in plain words and a way to log in again that comes
 * back to this page (issue 33). Never the page's empty figures, which read
 * as a loan gone.
 */
export function SessionEndedGate({ children }: { children: ReactNode }) {
  const ended = useSessionEnded();
  const { pathname } = useLocation();
  if (!ended || pathname === LOGIN_PATH) return children;
  return (
    <Suspense fallback={null}>
      <SessionEndedNotice />
    </Suspense>
  );
}

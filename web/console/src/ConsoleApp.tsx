import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { t } from './i18n/i18n';
import { useLocale } from '@hiram/shared/i18n/i18n';
import { ToastHost } from '@hiram/shared/ui/Toast';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { fetchMe, onSessionEnded, signOut, type Me } from './api';
import { ConsoleShell } from './ConsoleShell';
import { createConsoleQueryClient } from './queryClient';
import { CONSOLE_BASE } from './sections';
import { SignInForm } from './SignInForm';
import { EnrolPage } from './enrolment/EnrolPage';

type Session =
  | { state: 'checking' }
  | { state: 'signedOut'; notice?: string }
  | { state: 'signedIn'; me: Me };

/**
 * Who is signed in: asks the server (`/me`), shows the sign-in form when
 * nobody is (401), else the sections the role allows. When the session ends
 * (signed out, or a call answers 401) the data read under it is dropped, so
 * the next person to sign in never sees it.
 */
function SessionGate() {
  // A switch of language renders every text again, in the new one.
  const locale = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ state: 'checking' });

  useEffect(() => {
    let live = true;
    void fetchMe().then((result) => {
      if (!live) return;
      if (result.success && result.data) setSession({ state: 'signedIn', me: result.data });
      else if (result.code === '401') setSession({ state: 'signedOut' });
      else setSession({ state: 'signedOut', notice: result.message || t('error.server') });
    });
    // The form says why it shows; the call's toast would say it twice.
    const stop = onSessionEnded(() => {
      hideToast();
      queryClient.clear();
      setSession({ state: 'signedOut', notice: t('console.signIn.ended') });
    });
    return () => {
      live = false;
      stop();
    };
  }, [queryClient]);

  async function leave() {
    await signOut();
    queryClient.clear();
    void navigate('/', { replace: true });
    setSession({ state: 'signedOut', notice: t('console.signedOut') });
  }

  return (
    <>
      {session.state === 'checking' && (
        <p className="c-checking" role="status">
          {t('common.loading')}
        </p>
      )}
      {session.state === 'signedOut' && (
        <SignInForm key={locale} notice={session.notice} onSignedIn={(me) => setSession({ state: 'signedIn', me })} />
      )}
      {session.state === 'signedIn' && <ConsoleShell key={locale} me={session.me} onSignOut={() => void leave()} />}
    </>
  );
}

/**
 * The console on the borrower app's footing: react-router for its addresses
 * (/console/<section>), TanStack Query for what it reads. One query client
 * per mount keeps each test's data its own.
 */
export function ConsoleApp() {
  const [queryClient] = useState(createConsoleQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={CONSOLE_BASE}>
        {/* An enrolment link is opened by someone who cannot sign in yet. */}
        {window.location.pathname === `${CONSOLE_BASE}/enrol` ? <EnrolPage /> : <SessionGate />}
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  );
}

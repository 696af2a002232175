import { useEffect, useState } from 'react';
import { t } from './i18n/i18n';
import { ToastHost } from '@hiram/shared/ui/Toast';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { fetchMe, onSessionEnded, signOut, type Me } from './api';
import { ConsoleShell } from './ConsoleShell';
import { CONSOLE_BASE } from './sections';
import { SignInForm } from './SignInForm';

type Session =
  | { state: 'checking' }
  | { state: 'signedOut'; notice?: string }
  | { state: 'signedIn'; me: Me };

/**
 * The console: asks the server who is signed in (`/me`), shows the sign-in
 * form when nobody is (401), else the sections the role allows.
 */
export function ConsoleApp() {
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
      setSession({ state: 'signedOut', notice: t('console.signIn.ended') });
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  async function leave() {
    await signOut();
    window.history.replaceState(null, '', CONSOLE_BASE);
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
        <SignInForm notice={session.notice} onSignedIn={(me) => setSession({ state: 'signedIn', me })} />
      )}
      {session.state === 'signedIn' && <ConsoleShell me={session.me} onSignOut={() => void leave()} />}
      <ToastHost />
    </>
  );
}

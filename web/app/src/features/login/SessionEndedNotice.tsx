import { useLocation, useNavigate } from 'react-router';
import { bridgeChannel, callNative } from '@hiram/shared/bridge/bridge';
import { forgetWebSession, hasWebSession } from '@hiram/shared/session/webSession';
import { PageHeader } from '../../components/PageHeader';
import { LOGIN_PATH } from './loginPath';
import { t } from './texts';

/** What a page shows in its place when a call of it found no session (SessionEndedGate). */
export default function SessionEndedNotice() {
  const navigate = useNavigate();
  const location = useLocation();
  // A tab that had a session lost it; one that never had one is asked to log in.
  const hadSession = hasWebSession();

  // The notice stays until a log-in clears it (LoginPage): cleared here,
  // the page would mount again for a moment and ask with the dead session.
  const logIn = async () => {
    if (bridgeChannel('offToLogin') !== 'browser') {
      // The shell's own log-in, which opens the page again with a new session.
      await callNative('offToLogin', {});
      return;
    }
    forgetWebSession();
    const back = `${location.pathname}${location.search}`;
    void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('session.title')} />
      <main className="app-main">
        <section className="session-ended" aria-labelledby="session-ended-heading">
          <h2 id="session-ended-heading">{t(hadSession ? 'session.ended.heading' : 'session.none.heading')}</h2>
          <p>{t(hadSession ? 'session.ended.body' : 'session.none.body')}</p>
          <div className="app-buttons">
            <button type="button" className="h-btn h-btn--block" onClick={() => void logIn()}>
              {t(hadSession ? 'session.ended.logIn' : 'session.none.logIn')}
            </button>
          </div>
        </section>
      </main>
    </>
  );
}

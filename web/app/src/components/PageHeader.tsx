import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { bridgeChannel, callNative } from '@hiram/shared/bridge/bridge';
import { t } from '@hiram/shared/i18n/i18n';
import { appLink } from '../lib/links';
import { backAction, historyIndex, HOME_PATH } from '../lib/navigation';
import { Link } from './Link';

const BACK_PATH = 'M15 5l-7 7l7 7';
const HOME_ICON_PATH = 'M4 11l8-7l8 7M6 9.5V20h4.5v-5.5h3V20H18V9.5';

function Icon({ path }: { path: string }) {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

interface PageHeaderProps {
  title: string;
  /**
   * Replaces what back does (the loan confirmation asks before leaving, as
   * it does for the shell's own back).
   */
  onBack?: (() => void) | undefined;
}

/**
 * The coloured title bar of every borrower page: back (history, or closing
 * the web view at the first page of a session), the title, and home. Also
 * sets the document title.
 */
export function PageHeader({ title, onBack }: PageHeaderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title]);

  const atHome = pathname === HOME_PATH;
  const action = backAction({ historyIndex: historyIndex(), inShell: bridgeChannel('closeWebview') !== 'browser', atHome });
  const back = () => {
    if (onBack) return onBack();
    if (action === 'history') void navigate(-1);
    else if (action === 'closeWebview') void callNative('closeWebview', {});
    else void navigate(appLink(HOME_PATH));
  };

  return (
    <header className="app-header">
      {action !== 'none' || onBack ? (
        <button type="button" className="app-header-btn" aria-label={t('common.back')} onClick={back}>
          <Icon path={BACK_PATH} />
        </button>
      ) : (
        <span className="app-header-btn" aria-hidden="true" />
      )}
      <h1>{title}</h1>
      {atHome ? (
        <span className="app-header-btn" aria-hidden="true" />
      ) : (
        <Link className="app-header-btn" to={appLink(HOME_PATH)} aria-label={t('page.home')}>
          <Icon path={HOME_ICON_PATH} />
        </Link>
      )}
    </header>
  );
}

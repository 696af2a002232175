import { Link } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { t, type MessageKey } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { logout } from './api/logout';

const MENU: readonly { path: string; label: MessageKey }[] = [
  { path: '/complaint', label: 'page.complaint' },
  { path: '/customerService', label: 'page.customerService' },
  { path: '/aboutUs', label: 'page.aboutUs' },
  { path: '/privacyPolicy', label: 'page.privacyPolicy' },
  { path: '/loanTerms', label: 'page.loanTerms' },
];

export default function MinePage() {
  const onLogout = async () => {
    // Leave even when the call fails: the borrower asked to be logged out here.
    await logout();
    await callNative('offToLogin', {});
  };
  return (
    <>
      <PageHeader title={t('page.mine')} />
      <main className="app-main app-stack">
        <nav aria-label={t('page.mine')}>
          <ul className="app-menu">
            {MENU.map((item) => (
              <li key={item.path}>
                <Link to={appLink(item.path)}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="h-btn h-btn--ghost h-btn--block" onClick={() => void onLogout()}>
          {t('mine.logout')}
        </button>
      </main>
    </>
  );
}

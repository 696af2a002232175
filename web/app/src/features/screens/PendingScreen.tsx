import { Link } from 'react-router';
import { t, type MessageKey } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';

/** A routed screen whose behaviour comes in a later issue. */
export default function PendingScreen({ title }: { title: MessageKey }) {
  return (
    <>
      <PageHeader title={t(title)} />
      <main className="app-main app-stack">
        <p className="app-muted">{t('common.comingSoon')}</p>
        <Link className="h-btn h-btn--ghost" to={appLink('/home')}>
          {t('common.home')}
        </Link>
      </main>
    </>
  );
}

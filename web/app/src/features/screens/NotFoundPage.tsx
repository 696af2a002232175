import { t } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { Link } from '../../components/Link';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <main className="app-main app-stack">
        <p>{t('notFound.body')}</p>
        <Link className="h-btn" to={appLink('/home')}>
          {t('common.home')}
        </Link>
      </main>
    </>
  );
}

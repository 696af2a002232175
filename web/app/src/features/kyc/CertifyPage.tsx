import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { prefetchForArrival } from '../../lib/arrival';
import { appLink } from '../../lib/links';
import { certifyListQuery, useCertifyList } from './api/getCertifyList';
import { returnQuery } from './form';
import { Link } from '../../components/Link';

/** The start-up's call for this page (start.ts). */
export function prefetch(client: QueryClient) {
  return prefetchForArrival(client, certifyListQuery);
}

/** The KYC sections with the borrower's progress (/certify). */
export default function CertifyPage() {
  const [search] = useSearchParams();
  const back = returnQuery(search);
  const { data: result } = useCertifyList();
  const list = result?.success ? result.data : null;
  const next = list?.sections.find((s) => !s.done);

  return (
    <>
      <PageHeader title={t('page.certify')} />
      {list && (
        <main className="app-main app-stack">
          {/* Staff could not confirm the borrower's identity from their photos (decision 092). */}
          {list.identityNotice && (
            <p className="app-notice" role="alert">
              {list.identityNotice}
            </p>
          )}
          <section className="h-card">
            <p id="kyc-progress">{t('certify.progress', { percent: list.progress })}</p>
            <div
              className="app-progress"
              role="progressbar"
              aria-labelledby="kyc-progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={list.progress}
            >
              <span style={{ width: `${Math.min(100, Math.max(0, list.progress))}%` }} />
            </div>
          </section>
          <ul className="app-menu">
            {list.sections.map((section) => (
              <li key={section.key}>
                <Link to={appLink(`/certify/${section.key}`, back)} className="app-menu-row">
                  <span>{section.title}</span>
                  <span className={section.done ? 'app-done' : 'app-muted'}>
                    {t(section.done ? 'certify.done' : 'certify.todo')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {list.complete ? (
            <>
              <p>{t('certify.complete')}</p>
              <Link
                className="h-btn h-btn--block"
                to={back.productId ? appLink('/productDetail', back) : appLink('/home')}
              >
                {t(back.productId ? 'certify.backToProduct' : 'common.home')}
              </Link>
            </>
          ) : (
            next && (
              <Link className="h-btn h-btn--block" to={appLink(`/certify/${next.key}`, back)}>
                {t('certify.continue')}
              </Link>
            )
          )}
        </main>
      )}
    </>
  );
}

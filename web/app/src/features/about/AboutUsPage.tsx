import { useCompanyInfo } from '@hiram/shared/api/companyInfo';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';

export default function AboutUsPage() {
  const info = useCompanyInfo();
  return (
    <>
      <PageHeader title={t('page.aboutUs')} />
      <main className="app-main app-prose">
        <h2>{t('app.name')}</h2>
        <p>{t('about.p1')}</p>
        <p>{t('about.p2')}</p>
        <p>{t('about.p3')}</p>
        {info && (
          <>
            <p>{t('about.lender', { company: info.companyName })}</p>
            <dl className="h-card">
              <div className="app-row">
                <dt>{t('about.company')}</dt>
                <dd>{info.companyName}</dd>
              </div>
              <div className="app-row">
                <dt>{t('about.sec')}</dt>
                <dd>{info.secRegistrationNo}</dd>
              </div>
              <div className="app-row">
                <dt>{t('about.coa')}</dt>
                <dd>{info.certificateOfAuthorityNo}</dd>
              </div>
              <div className="app-row">
                <dt>{t('about.email')}</dt>
                <dd>
                  <a href={`mailto:${info.email}`}>{info.email}</a>
                </dd>
              </div>
            </dl>
          </>
        )}
      </main>
    </>
  );
}

import { useEffect, useState } from 'react';
import { t } from '@hiram/shared/i18n/i18n';
import { useCompanyInfo, type CompanyInfo } from '../common/companyInfo';
import { loginLink, parsePromotionRoute, type PromotionRoute } from './promotionRoute';

function useHashRoute(): PromotionRoute {
  const read = () => parsePromotionRoute(window.location.search, window.location.hash);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function CompanyLine({ info }: { info: CompanyInfo | null }) {
  if (!info) return null;
  return (
    <p className="promo-company">
      {t('promo.company', {
        company: info.companyName,
        sec: info.secRegistrationNo,
        coa: info.certificateOfAuthorityNo,
      })}
    </p>
  );
}

function Download({ login }: { login: string }) {
  const android = import.meta.env.VITE_ANDROID_STORE_URL;
  const ios = import.meta.env.VITE_IOS_STORE_URL;
  return (
    <section className="promo-card">
      <h1>{t('promo.download.title')}</h1>
      <p>{t('promo.download.text')}</p>
      <div className="promo-actions">
        {android && (
          <a className="h-btn promo-store" href={android}>
            {t('promo.download.android')}
          </a>
        )}
        {ios && (
          <a className="h-btn promo-store" href={ios}>
            {t('promo.download.ios')}
          </a>
        )}
        <a className="h-btn" href={login}>
          {t('promo.download.browser')}
        </a>
      </div>
    </section>
  );
}

function Agreement({ info }: { info: CompanyInfo | null }) {
  return (
    <section className="promo-card promo-text">
      <h1>{t('promo.agreement.title')}</h1>
      {info && <p className="promo-strong">{info.companyName}</p>}
      <p>{t('promo.agreement.p1')}</p>
      <p>{t('promo.agreement.p2')}</p>
      <p>{t('promo.agreement.p3')}</p>
      <p>
        <a href="/privacyPolicy">{t('promo.agreement.privacy')}</a> · <a href="/loanTerms">{t('promo.agreement.terms')}</a>
      </p>
    </section>
  );
}

export function PromotionPage() {
  const { view, params } = useHashRoute();
  const info = useCompanyInfo();
  const login = loginLink(params);
  return (
    <div className="promo">
      <header className="promo-hero">
        <span className="promo-logo">{t('app.name')}</span>
      </header>
      <main className="promo-main">
        {view === 'download' && <Download login={login} />}
        {view === 'agreement' && <Agreement info={info} />}
        {view === 'landing' && (
          <section className="promo-card">
            <h1>{t('promo.title')}</h1>
            <p>{t('promo.text')}</p>
            <a className="h-btn h-btn--block" href={login}>
              {t('promo.cta')}
            </a>
            <p>
              <a href="#/agreementTemplate">{t('promo.agreement.title')}</a>
            </p>
          </section>
        )}
        <CompanyLine info={info} />
      </main>
    </div>
  );
}

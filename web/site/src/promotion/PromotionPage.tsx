import { useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { getLocale } from '@hiram/shared/i18n/i18n';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { t } from '../i18n/i18n';
import { useCompanyInfo, type CompanyInfo } from '@hiram/shared/api/companyInfo';
import { messagingApp } from '@hiram/shared/browser/messagingApp';
import { whenIdle } from '@hiram/shared/browser/whenIdle';
import { copyText } from '@hiram/shared/clipboard/copy';
import { hasWebSession } from '@hiram/shared/session/webSession';
import { getChannelTemplate, type ChannelTemplate } from './api/channelTemplate';
import { trackVisit } from './api/track';
import { continueLink, parsePromotionRoute, type PromotionRoute } from './promotionRoute';
import { RegisterForm } from './RegisterForm';

const onHashChange = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

const currentAddress = () => window.location.search + window.location.hash;

const routeOf = (address: string): PromotionRoute => {
  const hash = address.indexOf('#');
  return hash < 0 ? parsePromotionRoute(address, '') : parsePromotionRoute(address.slice(0, hash), address.slice(hash));
};

/**
 * The address as hydration reads it. The prerendered page is the landing
 * page (decision 048), and its markup is the same whatever the query: an
 * address that shows the landing is hydrated as itself, so React need not
 * render the page a second time, at once and in one piece, right after
 * (issue 34). Any other route hydrates as the landing with no query, and
 * React renders the address's own right after. The build has no address.
 */
const hydratedAddress = () => {
  if (typeof window === 'undefined') return '';
  const address = currentAddress();
  return routeOf(address).view === 'landing' ? address : '';
};

/** The route of the address. */
function useHashRoute(): PromotionRoute {
  const address = useSyncExternalStore(onHashChange, currentAddress, hydratedAddress);
  return useMemo(() => routeOf(address), [address]);
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

/**
 * In a messaging app's browser (spec §9) store links and downloads often do
 * not open: the visitor is asked to open the page in their own browser, with
 * the link to copy.
 */
function OpenInBrowser() {
  const app = messagingApp();
  if (app === null) return null;
  return (
    <div className="promo-notice" role="note" aria-labelledby="promo-in-app">
      <h2 id="promo-in-app">{t('promo.download.inAppTitle')}</h2>
      <p>{t('promo.download.inAppText', { app })}</p>
      <button type="button" className="h-btn h-btn--ghost" onClick={() => void copyText(window.location.href)}>
        {t('promo.download.copyLink')}
      </button>
    </div>
  );
}

/** The template's store addresses, else the build's. */
function Download({ login, template }: { login: string; template: ChannelTemplate | null }) {
  const android = template?.downloadAndroidUrl || import.meta.env.VITE_ANDROID_STORE_URL;
  const ios = template?.downloadIosUrl || import.meta.env.VITE_IOS_STORE_URL;
  return (
    <section className="promo-card">
      <h1>{t('promo.download.title')}</h1>
      <OpenInBrowser />
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

/**
 * The registration form's address from the agreement: the landing route,
 * with the promotion query kept so the form still counts its channel.
 */
const formLink = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `#/?${query}` : '#/';
};

function Agreement({ info, params }: { info: CompanyInfo | null; params: URLSearchParams }) {
  return (
    <section className="promo-card promo-text">
      <p>
        <a className="promo-back" href={formLink(params)}>
          <span aria-hidden="true">← </span>
          {t('promo.agreement.back')}
        </a>
      </p>
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

/** The longest a visit waits to be recorded for an idle main thread. */
const VISIT_RECORD_WAIT_MS = 2_000;

/**
 * The template named by the address's `id`, loaded once with the visit
 * recorded; null until (or unless) it loads. The address is read when the
 * page comes to life, not from the render's route, which has no query while
 * a download or agreement address is hydrated.
 */
function useTemplate(): ChannelTemplate | null {
  const [template, setTemplate] = useState<ChannelTemplate | null>(null);
  useEffect(() => {
    // Once per page load: the hash routes share the visit. Recorded once
    // the page's first work is done, not inside it (issue 34).
    const { params } = routeOf(currentAddress());
    whenIdle(() => trackVisit(params), VISIT_RECORD_WAIT_MS);
    const id = params.get('id') ?? '';
    if (!id) return;
    let live = true;
    void getChannelTemplate(id).then((result) => {
      if (live && result.success && result.data) setTemplate(result.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return template;
}

/** The template's Filipino texts under the names its English ones have. */
const filipinoTexts = (template: ChannelTemplate | null) =>
  template && { headline: template.headlineFil, subheadline: template.subheadlineFil, buttonText: template.buttonTextFil };

/** Only a plain colour from the template may become the theme. */
const themeStyle = (colour: string | undefined): CSSProperties | undefined =>
  colour && /^#[0-9a-f]{3,8}$/i.test(colour) ? ({ '--theme': colour } as CSSProperties) : undefined;

/** The session flag changes only with what re-renders the page anyway. */
const noSubscription = () => () => undefined;

export function PromotionPage() {
  const { view, params } = useHashRoute();
  const info = useCompanyInfo({ atFoot: true });
  const template = useTemplate();
  // Read on each render in the tab (registering signs the borrower in, then
  // shows download); prerendered, where no tab exists, as signed out.
  const signedIn = useSyncExternalStore(noSubscription, hasWebSession, () => false);
  const login = continueLink(params, signedIn);
  // Staff write a template's texts in English and in Filipino (decision 051).
  // A text left empty in the page's language gives way to the page's own,
  // so no English line stands among Filipino ones.
  const written = getLocale() === 'fil' ? filipinoTexts(template) : template;
  return (
    <div className="promo" style={themeStyle(template?.themeColor)}>
      <header className="promo-hero">
        <span className="promo-logo">{template?.appName || t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main className="promo-main">
        {view === 'download' && <Download login={login} template={template} />}
        {view === 'agreement' && <Agreement info={info} params={params} />}
        {view === 'landing' && (
          <section className="promo-card">
            <h1>{written?.headline || t('promo.title')}</h1>
            <p>{written?.subheadline || t('promo.text')}</p>
            <RegisterForm
              params={params}
              appName={template?.appName || t('app.name')}
              buttonText={written?.buttonText || t('promo.form.submit')}
            />
          </section>
        )}
        <CompanyLine info={info} />
      </main>
    </div>
  );
}

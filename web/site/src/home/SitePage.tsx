import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { formatPhone, formatServiceHours } from '@hiram/shared/format/format';
import { getLocale } from '@hiram/shared/i18n/i18n';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { t, type MessageKey } from '../i18n/i18n';
import { useCompanyInfo } from '@hiram/shared/api/companyInfo';
import { Carousel } from './Carousel';
import { ContactForm } from './ContactForm';

const NAV: readonly { id: string; label: MessageKey }[] = [
  { id: 'home', label: 'site.nav.home' },
  { id: 'about', label: 'site.nav.about' },
  { id: 'reviews', label: 'site.nav.reviews' },
  { id: 'privacy', label: 'site.nav.privacy' },
  { id: 'terms', label: 'site.nav.terms' },
  { id: 'contact', label: 'site.nav.contact' },
];

const REVIEWS: readonly { text: MessageKey; author: MessageKey }[] = [
  { text: 'site.review1.text', author: 'site.review1.author' },
  { text: 'site.review2.text', author: 'site.review2.author' },
  { text: 'site.review3.text', author: 'site.review3.author' },
];

/** A borrower-app legal page without its header, in the site's language. */
function embedSrc(path: string): string {
  return `${path}?${new URLSearchParams({ embed: '1', lang: getLocale() }).toString()}`;
}

/**
 * The frame is made only when its place is on screen: a frame holds the whole
 * borrower app, and the browser's own lazy loading starts it well below the
 * fold, where its script blocked the site's first seconds on a slow phone
 * (issue 20).
 */
function LegalFrame({ path, title }: { path: string; title: string }) {
  const [shown, setShown] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    // Without IntersectionObserver the link under the frame still leads to the text.
    if (shown || !element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    watch.observe(element);
    return () => watch.disconnect();
  }, [shown]);
  return shown ? (
    <iframe className="site-frame" src={embedSrc(path)} title={title} loading="lazy" />
  ) : (
    <div ref={place} className="site-frame" />
  );
}

const BUILD_YEAR = new Date().getFullYear();
const never = () => () => undefined;

/**
 * The visitor's year; the build's while the prerendered page is hydrated
 * (decision 048), so the two agree, and React renders again if it has turned.
 */
function useThisYear(): number {
  return useSyncExternalStore(never, () => new Date().getFullYear(), () => BUILD_YEAR);
}

export function SitePage() {
  const info = useCompanyInfo();
  const year = useThisYear();
  return (
    <>
      <header className="site-header">
        <div className="site-top">
          <a className="site-logo" href="#home">
            {t('app.name')}
          </a>
          <LanguageSwitch />
        </div>
        <nav aria-label={t('site.nav.label')}>
          <ul>
            {NAV.map((n) => (
              <li key={n.id}>
                <a href={`#${n.id}`}>{t(n.label)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <section id="home" className="site-section site-home">
          <Carousel />
          <a className="h-btn" href="/login">
            {t('site.cta')}
          </a>
        </section>
        <section id="about" className="site-section">
          <h2>{t('site.about.title')}</h2>
          <p>{t('site.about.text1')}</p>
          <p>{t('site.about.text2')}</p>
        </section>
        <section id="reviews" className="site-section">
          <h2>{t('site.reviews.title')}</h2>
          <div className="site-reviews">
            {REVIEWS.map((r) => (
              <figure key={r.text} className="h-card">
                <blockquote>{t(r.text)}</blockquote>
                <figcaption>{t(r.author)}</figcaption>
              </figure>
            ))}
          </div>
        </section>
        <section id="privacy" className="site-section">
          <h2>{t('site.privacy.title')}</h2>
          <p>{t('site.privacy.text')}</p>
          <LegalFrame path="/privacyPolicy" title={t('site.privacy.frame')} />
          <a href="/privacyPolicy">{t('site.privacy.link')}</a>
        </section>
        <section id="terms" className="site-section">
          <h2>{t('site.terms.title')}</h2>
          <p>{t('site.terms.text')}</p>
          <LegalFrame path="/loanTerms" title={t('site.terms.frame')} />
          <a href="/loanTerms">{t('site.terms.link')}</a>
        </section>
        <section id="contact" className="site-section">
          <h2>{t('site.contact.title')}</h2>
          <ContactForm />
        </section>
      </main>
      <footer className="site-footer">
        {info && (
          <dl>
            <div>
              <dt>{t('site.footer.company')}</dt>
              <dd>{info.companyName}</dd>
            </div>
            <div>
              <dt>{t('site.footer.address')}</dt>
              <dd>{info.address}</dd>
            </div>
            <div>
              <dt>{t('site.footer.phone')}</dt>
              <dd>
                <a href={`tel:${info.phone}`}>{formatPhone(info.phone)}</a>
              </dd>
            </div>
            <div>
              <dt>{t('site.footer.email')}</dt>
              <dd>
                <a href={`mailto:${info.email}`}>{info.email}</a>
              </dd>
            </div>
            {info.serviceHours && (
              <div>
                <dt>{t('site.footer.hours')}</dt>
                <dd>{formatServiceHours(info.serviceHours)}</dd>
              </div>
            )}
            <div>
              <dt>{t('site.footer.sec')}</dt>
              <dd>{info.secRegistrationNo}</dd>
            </div>
            <div>
              <dt>{t('site.footer.coa')}</dt>
              <dd>{info.certificateOfAuthorityNo}</dd>
            </div>
          </dl>
        )}
        <p>
          {t('site.footer.copyright', {
            year,
            company: info?.companyName ?? t('app.name'),
          })}
        </p>
      </footer>
    </>
  );
}

import { useEffect, useState, type MouseEvent } from 'react';
import { t } from './i18n/i18n';
import type { Me } from './api';
import { AuditPage } from './audit/AuditPage';
import { BorrowersPage } from './borrowers/BorrowersPage';
import { CollectionsPage } from './collections/CollectionsPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { MoneyPage } from './money/MoneyPage';
import { OrdersPage } from './orders/OrdersPage';
import { ProductsPage } from './products/ProductsPage';
import { ComplaintsPage } from './complaints/ComplaintsPage';
import { BannersPage } from './marketing/BannersPage';
import { ExchangeRatesPage } from './exchange-rates/ExchangeRatesPage';
import { CompanyPage } from './marketing/CompanyPage';
import { LinksPage } from './marketing/LinksPage';
import { TemplatesPage } from './marketing/TemplatesPage';
import { AdjustmentsPage } from './adjustments/AdjustmentsPage';
import { UnpostedPaymentsPage } from './unposted-payments/UnpostedPaymentsPage';
import { allowedSections, CONSOLE_BASE, roleLabel, sectionAt, sectionPath, type Section } from './sections';
import { SmsOutboxPage } from './sms-outbox/SmsOutboxPage';
import { StaffAccountsPage } from './staff-accounts/StaffAccountsPage';

interface Props {
  me: Me;
  onSignOut: () => void;
}

function SectionView({ section, me }: { section: Section; me: Me }) {
  switch (section.id) {
    case 'dashboard':
      return <DashboardPage />;
    case 'applications':
      return <OrdersPage key="applications" me={me} initialStatus="21" />;
    case 'orders':
      return <OrdersPage key="orders" me={me} />;
    case 'borrowers':
      return <BorrowersPage me={me} />;
    case 'money':
      return <MoneyPage />;
    case 'adjustments':
      return <AdjustmentsPage me={me} />;
    case 'exchange-rates':
      return <ExchangeRatesPage me={me} />;
    case 'products':
      return <ProductsPage />;
    case 'complaints':
      return <ComplaintsPage me={me} />;
    case 'staff-accounts':
      return <StaffAccountsPage me={me} />;
    case 'audit':
      return <AuditPage />;
    case 'unposted-payments':
      return <UnpostedPaymentsPage me={me} />;
    case 'collections':
      return <CollectionsPage me={me} />;
    case 'sms-outbox':
      return <SmsOutboxPage />;
    case 'promotion-templates':
      return <TemplatesPage />;
    case 'promotion-links':
      return <LinksPage />;
    case 'site-banners':
      return <BannersPage />;
    case 'company-details':
      return <CompanyPage />;
  }
}

/**
 * The signed-in console: who is signed in, sign-out, and a side menu of the
 * sections the role's permissions open. Each section has its own address
 * (/console/complaints …); an address the role may not open shows the
 * first section it may.
 */
export function ConsoleShell({ me, onSignOut }: Props) {
  const sections = allowedSections(me.permissions);
  const [pathname, setPathname] = useState(() => window.location.pathname);
  const current = sectionAt(pathname, sections) ?? sections[0];

  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const wanted = current ? sectionPath(current.id) : CONSOLE_BASE;
    if (window.location.pathname !== wanted) window.history.replaceState(null, '', wanted);
  }, [current]);

  function open(event: MouseEvent<HTMLAnchorElement>, section: Section) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const path = sectionPath(section.id);
    if (window.location.pathname !== path) window.history.pushState(null, '', path);
    setPathname(path);
  }

  return (
    <div className="c-layout">
      <header className="c-top">
        <span className="c-brand">{t('console.title')}</span>
        <div className="c-who">
          <span className="c-who-name">{me.name}</span>
          <span className="c-who-role">{roleLabel(me.role)}</span>
        </div>
        <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onSignOut}>
          {t('console.signOut')}
        </button>
      </header>
      <nav className="c-nav" aria-label={t('console.menu')}>
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={sectionPath(section.id)}
                aria-current={section.id === current?.id ? 'page' : undefined}
                onClick={(e) => open(e, section)}
              >
                {t(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="c-main">
        {current ? <SectionView key={current.id} section={current} me={me} /> : <p>{t('console.noSections')}</p>}
      </main>
    </div>
  );
}

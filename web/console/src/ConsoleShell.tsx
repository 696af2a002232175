import { lazy, Suspense, useState } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { t } from './i18n/i18n';
import type { Me } from './api';
import { allowedSections, roleLabel, sectionPath, type Section } from './sections';
import { AccountDialog } from './enrolment/AccountDialog';

// Route-level code splitting, as in the borrower app: each section is its
// own chunk, so signing in loads the shell and the first section only.
const AuditPage = lazy(() => import('./audit/AuditPage').then((module) => ({ default: module.AuditPage })));
const BorrowersPage = lazy(() => import('./borrowers/BorrowersPage').then((module) => ({ default: module.BorrowersPage })));
const CollectionsPage = lazy(() => import('./collections/CollectionsPage').then((module) => ({ default: module.CollectionsPage })));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })));
const GeneralLedgerPage = lazy(() => import('./general-ledger/GeneralLedgerPage').then((module) => ({ default: module.GeneralLedgerPage })));
const MoneyPage = lazy(() => import('./money/MoneyPage').then((module) => ({ default: module.MoneyPage })));
const OrdersPage = lazy(() => import('./orders/OrdersPage').then((module) => ({ default: module.OrdersPage })));
const ProductsPage = lazy(() => import('./products/ProductsPage').then((module) => ({ default: module.ProductsPage })));
const ComplaintsPage = lazy(() => import('./complaints/ComplaintsPage').then((module) => ({ default: module.ComplaintsPage })));
const BannersPage = lazy(() => import('./marketing/BannersPage').then((module) => ({ default: module.BannersPage })));
const RuleSetsPage = lazy(() => import('./rule-sets/RuleSetsPage').then((module) => ({ default: module.RuleSetsPage })));
const ExchangeRatesPage = lazy(() => import('./exchange-rates/ExchangeRatesPage').then((module) => ({ default: module.ExchangeRatesPage })));
const CompanyPage = lazy(() => import('./marketing/CompanyPage').then((module) => ({ default: module.CompanyPage })));
const LinksPage = lazy(() => import('./marketing/LinksPage').then((module) => ({ default: module.LinksPage })));
const TemplatesPage = lazy(() => import('./marketing/TemplatesPage').then((module) => ({ default: module.TemplatesPage })));
const AdjustmentsPage = lazy(() => import('./adjustments/AdjustmentsPage').then((module) => ({ default: module.AdjustmentsPage })));
const ReversalsPage = lazy(() => import('./reversals/ReversalsPage').then((module) => ({ default: module.ReversalsPage })));
const UnpostedPaymentsPage = lazy(() => import('./unposted-payments/UnpostedPaymentsPage').then((module) => ({ default: module.UnpostedPaymentsPage })));
const SmsOutboxPage = lazy(() => import('./sms-outbox/SmsOutboxPage').then((module) => ({ default: module.SmsOutboxPage })));
const ApiTokensPage = lazy(() => import('./api-tokens/ApiTokensPage').then((module) => ({ default: module.ApiTokensPage })));
const StaffAccountsPage = lazy(() => import('./staff-accounts/StaffAccountsPage').then((module) => ({ default: module.StaffAccountsPage })));

interface Props {
  me: Me;
  onSignOut: () => void;
}

function SectionView({ section, me }: { section: Section; me: Me }) {
  switch (section.id) {
    case 'dashboard':
      return <DashboardPage />;
    case 'applications':
      return <OrdersPage key="applications" me={me} initialStatus="21" title="console.section.applications" />;
    case 'orders':
      return <OrdersPage key="orders" me={me} />;
    case 'borrowers':
      return <BorrowersPage me={me} />;
    case 'money':
      return <MoneyPage />;
    case 'books':
      return <GeneralLedgerPage me={me} />;
    case 'adjustments':
      return <AdjustmentsPage me={me} />;
    case 'reversals':
      return <ReversalsPage me={me} />;
    case 'exchange-rates':
      return <ExchangeRatesPage me={me} />;
    case 'products':
      return <ProductsPage />;
    case 'rule-sets':
      return <RuleSetsPage me={me} />;
    case 'complaints':
      return <ComplaintsPage me={me} />;
    case 'staff-accounts':
      return <StaffAccountsPage me={me} />;
    case 'api-tokens':
      return <ApiTokensPage />;
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
  const first = sections[0];
  const [account, setAccount] = useState(false);

  return (
    <div className="c-layout">
      <header className="c-top">
        <span className="c-brand">{t('console.title')}</span>
        <div className="c-who">
          <span className="c-who-name">{me.name}</span>
          <span className="c-who-role">{roleLabel(me.role)}</span>
        </div>
        <LanguageSwitch className="c-lang" />
        <button type="button" className="h-btn h-btn--ghost c-btn" onClick={() => setAccount(true)}>
          {t('console.account.open')}
        </button>
        <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onSignOut}>
          {t('console.signOut')}
        </button>
      </header>
      <nav className="c-nav" aria-label={t('console.menu')}>
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <NavLink to={sectionPath(section.id)}>{t(section.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="c-main">
        <Suspense fallback={<p className="c-muted">{t('common.loading')}</p>}>
          <Routes>
            {sections.map((section) => (
              <Route key={section.id} path={sectionPath(section.id)} element={<SectionView section={section} me={me} />} />
            ))}
            {!first && <Route index element={<p>{t('console.noSections')}</p>} />}
            <Route path="*" element={<Navigate to={first ? sectionPath(first.id) : '/'} replace />} />
          </Routes>
        </Suspense>
      </main>
      {account && <AccountDialog onClose={() => setAccount(false)} />}
    </div>
  );
}

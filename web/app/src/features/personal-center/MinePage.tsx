import { useState } from 'react';
import { callNative } from '@hiram/shared/bridge/bridge';
import { formatDay } from '@hiram/shared/format/format';
import { statusName } from '@hiram/shared/i18n/glossary';
import type { MessageKey } from '@hiram/shared/i18n/i18n';
import { t } from './texts';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { TOOLS } from '../../components/ToolLinks';
import { isWebAddress } from '../../lib/leave';
import { appLink, hasSession, loginLink } from '../../lib/links';
import { deleteUser } from './api/deleteUser';
import { useOrderList } from './api/getOrderList';
import { useUserInfo } from './api/getUserInfo';
import { useUserMenu, type MenuItem } from './api/getUserMenu';
import { logout } from './api/logout';
import { saveLanguage } from './api/saveLanguage';
import { Link } from '../../components/Link';

/** Shown when the server sends no menu. */
const FALLBACK_MENU: readonly { path: string; label: MessageKey }[] = [
  ...TOOLS,
  { path: '/aboutUs', label: 'page.aboutUs' },
  { path: '/privacyPolicy', label: 'page.privacyPolicy' },
  { path: '/loanTerms', label: 'page.loanTerms' },
];

function MenuLink({ item }: { item: MenuItem }) {
  if (isWebAddress(item.path)) {
    return (
      <a href={item.path} rel="noreferrer">
        {item.title}
      </a>
    );
  }
  return <Link to={appLink(item.path)}>{item.title}</Link>;
}

export default function MinePage() {
  const loggedIn = hasSession();
  const { data: infoResult } = useUserInfo(loggedIn);
  const info = infoResult?.success ? infoResult.data : null;
  const { data: orders = [] } = useOrderList(loggedIn);
  const { data: serverMenu = [] } = useUserMenu();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const onLogout = async () => {
    // Leave even when the call fails: the borrower asked to be logged out here.
    await logout();
    await callNative('offToLogin', {});
  };

  const onDelete = async () => {
    const result = await deleteUser();
    setConfirmDelete(false);
    if (!result.success) return;
    showToast(t('mine.deleted'), undefined, { keepOnNavigation: true });
    await callNative('offToLogin', {});
  };

  return (
    <>
      <PageHeader title={t('page.mine')} />
      <main className="app-main app-stack">
        {loggedIn ? (
          info && (
            <section className="h-card" aria-label={t('mine.profile')}>
              <h2 className="app-product-name">{info.fullName || info.phoneMasked}</h2>
              {info.fullName && <p className="app-muted">{info.phoneMasked}</p>}
              <dl>
                <div className="app-row">
                  <dt>{t('mine.limit')}</dt>
                  <dd>{info.limitText}</dd>
                </div>
                <div className="app-row">
                  <dt>{t('mine.kyc')}</dt>
                  <dd>
                    <Link to={appLink('/certify')}>{t('certify.progress', { percent: info.kycProgress })}</Link>
                  </dd>
                </div>
              </dl>
            </section>
          )
        ) : (
          <Link className="h-btn h-btn--block" to={loginLink('/mine')}>
            {t('page.login')}
          </Link>
        )}

        {loggedIn && (
          <section aria-labelledby="mine-orders">
            <h2 id="mine-orders" className="app-section-title">
              {t('mine.orders')}
            </h2>
            {orders.length === 0 ? (
              <p className="app-muted">{t('mine.noOrders')}</p>
            ) : (
              <ul className="app-menu">
                {orders.map((order) => (
                  <li key={order.orderId}>
                    <Link
                      className="app-order"
                      to={appLink('/loanDetails', { productId: order.productId, orderId: order.orderId })}
                    >
                      {order.productLogo && <img src={order.productLogo} alt="" width={36} height={36} loading="lazy" />}
                      <span className="app-order-main">
                        <strong>{order.productName}</strong>
                        <span className="app-small app-muted">{formatDay(order.appliedAt)}</span>
                      </span>
                      <span className="app-order-side">
                        <strong>{order.amountText}</strong>
                        <span className="app-small">{statusName(order.status, order.statusText)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <section className="app-row app-lang-section" aria-labelledby="mine-language">
          <h2 id="mine-language" className="app-section-title">
            {t('language.label')}
          </h2>
          {/* Logged in, the choice is saved for the borrower's SMS too. */}
          <LanguageSwitch onChoose={loggedIn ? saveLanguage : undefined} />
        </section>

        <nav aria-label={t('mine.menu')}>
          <ul className="app-menu">
            {serverMenu.length > 0
              ? serverMenu.map((item) => (
                  <li key={`${item.path}-${item.title}`}>
                    <MenuLink item={item} />
                  </li>
                ))
              : FALLBACK_MENU.map((item) => (
                  <li key={item.path}>
                    <Link to={appLink(item.path)}>{t(item.label)}</Link>
                  </li>
                ))}
          </ul>
        </nav>

        {loggedIn && (
          <>
            <button type="button" className="h-btn h-btn--ghost h-btn--block" onClick={() => void onLogout()}>
              {t('mine.logout')}
            </button>
            <button type="button" className="h-link-btn app-danger-link" onClick={() => setConfirmDelete(true)}>
              {t('mine.delete')}
            </button>
          </>
        )}
      </main>
      <Modal
        open={confirmDelete}
        title={t('mine.deleteTitle')}
        onClose={() => setConfirmDelete(false)}
        actions={
          <>
            <button type="button" className="h-btn h-btn--ghost" onClick={() => setConfirmDelete(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="h-btn app-danger-btn" onClick={() => void onDelete()}>
              {t('mine.deleteConfirm')}
            </button>
          </>
        }
      >
        <p>{t('mine.deleteText')}</p>
      </Modal>
    </>
  );
}

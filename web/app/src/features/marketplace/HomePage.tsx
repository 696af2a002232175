import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatServiceHours } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { ProductList } from '../../components/ProductList';
import { ToolLinks } from '../../components/ToolLinks';
import { appLink, hasSession, loginLink } from '../../lib/links';
import { homePageQuery, useHomePage } from './api/getHomePage';
import { Link } from '../../components/Link';

/** The start-up's call for this page (start.ts). */
export function prefetch(client: QueryClient) {
  return client.prefetchQuery(homePageQuery);
}

export default function HomePage() {
  const navigate = useNavigate();
  const { data: result, isLoading } = useHomePage();
  const home = result?.success ? result.data : null;
  const loggedIn = hasSession();

  return (
    <>
      <PageHeader title={t('page.home')} />
      <main className="app-main app-stack">
        <nav className="app-toplinks" aria-label={t('home.account')}>
          {loggedIn ? (
            <Link to={appLink('/mine')}>{t('page.mine')}</Link>
          ) : (
            <>
              <Link to={loginLink('/home')}>{t('page.login')}</Link>
              <Link to={appLink('/mine')}>{t('page.mine')}</Link>
            </>
          )}
        </nav>
        {home?.notice && (
          <p className="app-notice" role="note">
            {/* The server's notice names the service hours as staff typed them. */}
            {formatServiceHours(home.notice)}
          </p>
        )}
        {home && home.products.length === 0 && <p className="app-muted">{t('home.empty')}</p>}
        {home && home.products.length > 0 && (
          <ProductList
            products={home.products}
            label={t('home.products')}
            onTap={(card) => void navigate(appLink('/productDetail', { productId: card.id }))}
          />
        )}
        {/* The tools wait for the products (or their failure): shown at once, the product list
            arriving above them pushed them down a screen, a layout shift of 0.2 on a phone.
            Not while the call waits for a network (offline): the tools need none. */}
        {!isLoading && (
          <section aria-labelledby="home-tools">
            <h2 id="home-tools" className="app-section-title">
              {t('home.tools')}
            </h2>
            <ToolLinks labelledBy="home-tools" />
          </section>
        )}
      </main>
    </>
  );
}

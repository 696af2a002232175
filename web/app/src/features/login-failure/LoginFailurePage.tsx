import { useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { ProductList, type ProductCard } from '../../components/ProductList';
import { StatusIcon } from '../../components/StatusIcon';
import { isWebAddress, openExternal } from '../../lib/leave';
import { useFailure } from './api/getFailure';
import { productTarget } from './api/productTarget';
import { trackProductTap } from './api/trackProductTap';

/** The joint login failure page: an application that did not go through, and other loans to try. */
export default function LoginFailurePage() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const { data: result } = useFailure(orderId);
  const view = result?.success ? result.data : null;

  // ProductList only calls for tappable cards: flag 0 does nothing (spec §4).
  const tap = async (card: ProductCard, index: number) => {
    await trackProductTap(card.id, index, orderId);
    const target = await productTarget(card.id);
    const url = target.success ? (target.data?.url ?? '') : '';
    if (!url) return;
    if (isWebAddress(url)) openExternal(url);
    else await callNative('to', { url });
  };

  return (
    <>
      <PageHeader title={t('page.loginFailure')} />
      {view && (
        <>
          <section className="app-banner app-banner--icon app-banner--failed" aria-label={t('loginFailure.notice')}>
            <StatusIcon kind="failed" />
            <div>
              <h2>{view.noticeMessage}</h2>
              {view.errMessage && <p>{view.errMessage}</p>}
            </div>
          </section>
          <main className="app-main app-overlap">
            {view.products.length > 0 && (
              <ProductList products={view.products} label={t('loginFailure.products')} onTap={(card, i) => void tap(card, i)} />
            )}
          </main>
        </>
      )}
    </>
  );
}

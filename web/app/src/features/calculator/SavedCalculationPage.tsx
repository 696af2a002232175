import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { deleteCalculation, openProduct, useMatchingProducts, useSavedCalculation } from './api/calc';
import { ResultView } from './ResultView';

/** One kept calculation (`/calc/info-loan`), the loans that lend its amount (`/calc/jump-page`), delete. */
export default function SavedCalculationPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('id') ?? '';
  const { data: result } = useSavedCalculation(id);
  const info = result?.success ? result.data : null;
  const { data: matchResult } = useMatchingProducts(info ? id : '');
  const products = matchResult?.success ? (matchResult.data?.products ?? []) : [];
  const [confirming, setConfirming] = useState(false);

  if (!info) return <PageHeader title={t('page.savedCalculation')} />;
  const { saved } = info;

  const open = async (productId: number) => {
    const reply = await openProduct(productId, saved.id);
    if (reply.success && reply.data) void navigate(withCarriedQuery(reply.data.path));
  };

  const remove = async () => {
    const reply = await deleteCalculation(saved.id);
    setConfirming(false);
    if (reply.success) void navigate(appLink('/calculator/saved'), { replace: true });
  };

  return (
    <>
      <PageHeader title={saved.name || t('page.savedCalculation')} />
      <main className="app-main app-stack">
        <ResultView result={info.result} advanced />

        <section className="h-card" aria-labelledby="calc-products">
          <h2 id="calc-products" className="app-section-title">
            {t('calc.productsTitle')}
          </h2>
          {products.length === 0 ? (
            <p className="app-muted">{t('calc.noProducts')}</p>
          ) : (
            <ul className="app-menu">
              {products.map((product) => (
                <li key={product.productId}>
                  <button type="button" className="app-order app-menu-btn" onClick={() => void open(product.productId)}>
                    {product.logo && <img src={product.logo} alt="" width={36} height={36} />}
                    {/* The sentence goes under the name; the side holds the one figure,
                        so on a phone the columns never run into each other. */}
                    <span className="app-order-main">
                      <strong>{product.name}</strong>
                      <span className="app-small app-muted">{product.lender}</span>
                      <span className="app-small">
                        {t('calc.productCost', { n: formatMoney(product.quote.financeCharge), days: product.quote.termDays })}
                      </span>
                    </span>
                    <span className="app-order-side app-order-figure">
                      <strong>{formatMoney(product.quote.totalRepayable)}</strong>
                      <span className="app-small app-muted">{t('calc.totalRepaid')}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <button type="button" className="h-link-btn app-danger-link" onClick={() => setConfirming(true)}>
          {t('calc.delete')}
        </button>
      </main>
      <Modal
        open={confirming}
        title={t('calc.deleteTitle')}
        onClose={() => setConfirming(false)}
        actions={
          <button type="button" className="h-btn h-btn--block" onClick={() => void remove()}>
            {t('calc.delete')}
          </button>
        }
      >
        <p>{t('calc.deleteText')}</p>
      </Modal>
    </>
  );
}

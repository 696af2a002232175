import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { t } from '@hiram/shared/i18n/i18n';
import { fillProductId, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useLoanDetails, type LoanDetails } from './api/getLoanDetails';
import { ACTION_LABELS, bannerColour, orderActions, STATUS, type OrderAction } from './status';

/** Session flag that limits the Kind tips popup to once per session (spec §4). */
const SHOW_BANK_TIP = 'showBankTip';

function Banner({ details }: { details: LoanDetails }) {
  const colour = bannerColour(details.orderStatus);
  return (
    <section
      className={colour ? 'app-banner' : 'app-banner app-banner--none'}
      style={colour ? { background: colour } : undefined}
      aria-label={t('loanDetails.status.unknown')}
    >
      <h2>{details.noticeStatusText}</h2>
      {details.noticeDesText && <p>{details.noticeDesText}</p>}
    </section>
  );
}

function ProductCard({ details }: { details: LoanDetails }) {
  const rows = details.userOrderDetail.detail.filter((row) => row.value !== '');
  return (
    <section className="h-card">
      <div className="app-product">
        {details.productLogo && (
          <img src={details.productLogo} alt={t('loanDetails.productLogo', { name: details.productName })} width={44} height={44} />
        )}
        <h3>{details.productName}</h3>
      </div>
      {rows.length > 0 && (
        <dl>
          {rows.map((row, i) => (
            <div className="app-row" key={`${row.text}-${i}`}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function LoanDetailsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const productId = fillProductId(search).get('productId') ?? '';
  const orderId = search.get('orderId') ?? '';
  const { data: result } = useLoanDetails(productId, orderId);
  const details = result?.success ? result.data : null;

  // Spec §4: not under review and a confirm address given → go there at once.
  const redirect =
    details && details.orderStatus !== STATUS.REVIEW && details.playeduL ? details.playeduL : '';
  useEffect(() => {
    if (redirect) window.location.replace(withCarriedQuery(redirect, { productId, orderId }));
  }, [redirect, productId, orderId]);

  const act = (action: OrderAction) => {
    const ids = { productId, orderId };
    switch (action) {
      case 'repay':
      case 'repayment':
        sessionStorage.setItem(SHOW_BANK_TIP, '1');
        void navigate(appLink('/repaymentByPeriod', ids));
        break;
      case 'rollover':
        sessionStorage.setItem(SHOW_BANK_TIP, '1');
        void navigate(appLink('/repayDelay', ids));
        break;
      case 'borrowAgain':
        void callNative('confirmBurialPoint', { productId, moduleId: 30, positionId: 0 });
        void navigate(appLink('/productDetail', { productId }));
        break;
    }
  };

  const actions = details ? orderActions(details.orderStatus, details.isDelay) : [];

  return (
    <>
      <PageHeader title={t('page.loanDetails')} />
      {details && !redirect && (
        <>
          <Banner details={details} />
          <main className="app-main app-overlap">
            <ProductCard details={details} />
            {actions.length > 0 && (
              <div className="app-buttons">
                {actions.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={action === 'rollover' ? 'h-btn h-btn--ghost h-btn--block' : 'h-btn h-btn--block'}
                    onClick={() => act(action)}
                  >
                    {t(ACTION_LABELS[action])}
                  </button>
                ))}
                {actions.includes('rollover') && <p className="app-hint">{t('loanDetails.rolloverHint')}</p>}
              </div>
            )}
          </main>
        </>
      )}
    </>
  );
}

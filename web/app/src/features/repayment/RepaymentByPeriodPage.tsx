import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { copyText } from '@hiram/shared/clipboard/copy';
import { t } from '@hiram/shared/i18n/i18n';
import { fillProductId } from '@hiram/shared/query/pageQuery';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { generatePayCode } from './api/generatePayCode';
import { useRepaymentInfo, type RepaymentInfo } from './api/getRepaymentInfo';
import { AmountCard, PaymentMethod, ProductDetails } from './parts';
import { storeRepaymentInfo } from './storage';

function PayCodeBox({ info }: { info: RepaymentInfo }) {
  const def = info.defDetail;
  if (!def?.payCode) return null;
  return (
    <section className="h-card" aria-labelledby="repay-code">
      <div className="app-product">
        {def.logo && <img src={def.logo} alt="" width={44} height={44} />}
        <h2 id="repay-code" className="app-product-name">
          {def.title || t('repay.payCode')}
        </h2>
      </div>
      <div className="app-code">
        <span>{def.payCode}</span>
        <button type="button" className="h-btn h-btn--ghost app-code-btn" onClick={() => void copyText(def.payCode)}>
          {t('common.copy')}
        </button>
      </div>
      <Link className="app-more" to={appLink('/repaymentOfCode2')}>
        {t('repay.viewSteps')}
      </Link>
    </section>
  );
}

/**
 * Installment repayment (spec §2, §4): what is owed and by when, the default
 * pay code, and a channel picker that issues a pay code for the amount due.
 */
export default function RepaymentByPeriodPage() {
  const [search] = useSearchParams();
  const productId = fillProductId(search).get('productId') ?? '';
  const orderId = search.get('orderId') ?? '';
  const { data: result } = useRepaymentInfo(productId, orderId);
  const info = result?.success ? result.data : null;

  // /repaymentOfCode2 reads what this page loaded.
  useEffect(() => {
    if (info) storeRepaymentInfo(info);
  }, [info]);

  return (
    <>
      <PageHeader title={t('page.repaymentByPeriod')} />
      {info && (
        <main className="app-main">
          <AmountCard label={t('repay.amountDue')} amount={info.repayAmount} note={t('repay.dueDate', { date: info.repayDate })} />
          <ProductDetails logo={info.productLogo} name={info.productName} rows={info.detail} />
          {info.isShowReyTop === 1 && (
            <Link className="h-card app-guide" to={appLink('/paymentInstructions')}>
              <span className="app-guide-icon" aria-hidden="true">
                ?
              </span>
              <span>{t('repay.guide')}</span>
            </Link>
          )}
          <PayCodeBox info={info} />
          <PaymentMethod
            channels={info.repayList}
            hint={info.noticeMsg || t('repay.hint')}
            issue={(channel) =>
              generatePayCode({ productId, orderId, amount: info.repayAmount, channelNumber: channel.channel_number })
            }
          />
        </main>
      )}
    </>
  );
}

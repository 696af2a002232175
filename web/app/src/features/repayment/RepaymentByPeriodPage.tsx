import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDay, formatMoney, groupPayCode } from '@hiram/shared/format/format';
import { t } from './texts';
import { pageLoan } from '@hiram/shared/query/pageQuery';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { generatePayCode } from './api/generatePayCode';
import { repaymentInfoQuery, useRepaymentInfo, type RepaymentInfo } from './api/getRepaymentInfo';
import { AmountCard, PayCodeLine, payCodePicture, PaymentMethod, ProductDetails } from './parts';
import { storeRepaymentInfo } from './storage';
import { Link } from '../../components/Link';

type Payoff = NonNullable<RepaymentInfo['payoff']>;

/** The barcode modal (spec §2): the standing code's Code 128, for a store's scanner. */
function BarcodeModal({ code, src, onClose }: { code: string; src: string; onClose: () => void }) {
  return (
    <Modal open title={t('repay.barcodeTitle')} onClose={onClose}>
      <figure className="app-barcode">
        <img src={src} alt={t('repayCode.barcode')} />
        <figcaption>
          <span className="app-code-text" translate="no">
            {groupPayCode(code)}
          </span>
        </figcaption>
      </figure>
      <p className="app-muted app-small">{t('repayCode.barcodeTip')}</p>
    </Modal>
  );
}

/**
 * What paying the whole loan off today takes, explained: before the
 * early-repayment day it carries the interest from today to that day
 * (`minimumInterest`), said with the amount rather than hidden; and what it
 * saves against the schedule. Null when there is nothing to explain.
 */
function PayoffExplanation({ payoff }: { payoff: Payoff }) {
  const minimum = !payoff.earlyAllowed && payoff.minimumInterest > 0;
  if (!minimum && payoff.interestSaved <= 0) return null;
  return (
    <>
      {minimum && (
        <p className="app-small">
          {t('repay.payoffMinimum', { date: formatDay(payoff.earlyFrom), amount: formatMoney(payoff.minimumInterest) })}
        </p>
      )}
      {payoff.interestSaved > 0 && (
        <p className="app-muted">{t('repay.payoffSaves', { amount: formatMoney(payoff.interestSaved) })}</p>
      )}
    </>
  );
}

/**
 * Paying the whole loan off today (the agreement's early repayment clause,
 * decisions 026 and 056), paid through the standing code, which takes any
 * amount, when it is not already the page's headline. From the
 * early-repayment day it is the principal still owed plus interest to the
 * day, and the card says what that saves; before that day, the interest to
 * that day it includes.
 */
function PayoffCard({ payoff }: { payoff: Payoff }) {
  const early = payoff.earlyAllowed;
  if (early && payoff.interestSaved <= 0) return null;
  if (!early && payoff.minimumInterest <= 0 && payoff.interestSaved <= 0) {
    return <p className="h-card app-muted">{t('repay.payoffFrom', { date: formatDay(payoff.earlyFrom) })}</p>;
  }
  return (
    <section className="h-card" aria-labelledby="repay-payoff">
      <h2 id="repay-payoff" className="app-muted">
        {t('repay.payoffToday')}
      </h2>
      <p className="app-amount">{formatMoney(payoff.amount)}</p>
      <PayoffExplanation payoff={payoff} />
    </section>
  );
}

/**
 * The loan's standing pay code (`defDetail`, there from the first load): its
 * channel, the code with Copy, the barcode modal for stores and the way to
 * its steps (/repaymentOfCode2).
 */
function PayCodeBox({ info }: { info: RepaymentInfo }) {
  const [barcodeOpen, setBarcodeOpen] = useState(false);
  const def = info.defDetail;
  if (!def?.payCode) return null;
  const barcode = payCodePicture(def.barcodeImg);
  return (
    <section className="h-card" aria-labelledby="repay-code">
      <div className="app-product">
        {def.logo && <img src={def.logo} alt="" width={44} height={44} />}
        <h2 id="repay-code" className="app-product-name">
          {def.title || t('repay.payCode')}
        </h2>
      </div>
      <PayCodeLine code={def.payCode} />
      <div className="app-code-links">
        {barcode && (
          <button type="button" className="h-link-btn" onClick={() => setBarcodeOpen(true)}>
            {t('repay.showBarcode')}
          </button>
        )}
        <Link className="app-more" to={appLink('/repaymentOfCode2')}>
          {t('repay.viewSteps')}
        </Link>
      </div>
      {barcode && barcodeOpen && <BarcodeModal code={def.payCode} src={barcode} onClose={() => setBarcodeOpen(false)} />}
    </section>
  );
}

/** The start-up's call for this page (start.ts). */
export function prefetch(client: QueryClient, search: URLSearchParams) {
  const { productId, orderId } = pageLoan(search);
  const query = repaymentInfoQuery(productId, orderId);
  return query.enabled ? client.prefetchQuery(query) : Promise.resolve();
}

/**
 * Installment repayment (spec §2, §4): what is owed and by when, the default
 * pay code, and a channel picker that issues a pay code for the amount due.
 * The headline is what a payment today is asked for: the amount due by its
 * due date, or, when closing the loan today costs less than the next payment
 * on its day, the payoff, named as such with the next payment beside it.
 */
export default function RepaymentByPeriodPage() {
  const [search] = useSearchParams();
  const { productId, orderId } = pageLoan(search);
  const { data: result } = useRepaymentInfo(productId, orderId);
  const info = result?.success ? result.data : null;
  const closesForLess = info !== null && info.repayAmount < info.nextPayment;

  // /repaymentOfCode2 reads what this page loaded.
  useEffect(() => {
    if (info) storeRepaymentInfo(info);
  }, [info]);

  return (
    <>
      <PageHeader title={t('page.repaymentByPeriod')} />
      {info && (
        <main className="app-main">
          <AmountCard
            label={t(closesForLess ? 'repay.payoffToday' : 'repay.amountDue')}
            amount={info.repayAmount}
            note={
              closesForLess
                ? t('repay.orOnDueDate', { amount: formatMoney(info.nextPayment), date: formatDay(info.repayDate) })
                : t('repay.dueDate', { date: formatDay(info.repayDate) })
            }
          >
            {closesForLess && info.payoff && <PayoffExplanation payoff={info.payoff} />}
          </AmountCard>
          {!closesForLess && info.payoff && <PayoffCard payoff={info.payoff} />}
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

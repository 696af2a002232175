import { useState } from 'react';
import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LEGACY_CALLS } from './api/confirmCalls';
import { AgreementChecks, ConfirmModals, DetailsSection, NextButton, PlanSection } from './ConfirmParts';
import { prefetchConfirm, useConfirmFlow } from './useConfirmFlow';

/** The start-up's calls for this page (start.ts). */
export const prefetch = prefetchConfirm(LEGACY_CALLS);

/**
 * The older confirmation page (spec §2 "Loan confirmation, older variant"),
 * kept for the shells that still open /newLoanConfirm: the amount, the
 * product, the repayment date, details and plan, the documents, a button
 * whose text the server gives (NewButtonMsg) and the server's promotional
 * pop-up (NewPopMsg). It behaves as the V3 page (spec §4) on the older paths.
 */
export default function NewLoanConfirmPage() {
  const flow = useConfirmFlow(LEGACY_CALLS);
  const { data } = flow;
  const [promotionClosed, setPromotionClosed] = useState(false);
  // The agreement comes first: the promotion waits until it is agreed to.
  const promotionOpen = Boolean(data?.NewPopMsg) && !promotionClosed && !flow.agreementOpen;

  return (
    <>
      <PageHeader title={t('page.newLoanConfirm')} onBack={flow.askBeforeLeaving} />
      {data && (
        <main className="app-main app-stack">
          <section className="h-card app-center">
            <p className="app-muted app-small">{t('confirm.amount')}</p>
            <p className="app-amount">{formatMoney(data.amount)}</p>
            <div className="app-product app-product--center">
              {data.comProductLogo && <img src={data.comProductLogo} alt="" width={44} height={44} />}
              <h2 className="app-product-name">{data.comProductName}</h2>
            </div>
            {data.firstPayTime && (
              <dl className="app-facts">
                <div>
                  <dt>{data.periods > 1 ? t('confirm.firstPayment') : t('confirm.repaymentDate')}</dt>
                  <dd>{formatDay(data.firstPayTime)}</dd>
                </div>
              </dl>
            )}
            {data.firstPayTime && <p className="app-small app-muted">{t('confirm.datesFromPayout')}</p>}
          </section>
          <DetailsSection details={data.details} />
          <PlanSection plan={data.repay_plans} />
          <AgreementChecks flow={flow} />
          <NextButton flow={flow} label={data.NewButtonMsg || t('confirm.agreeAndBorrow', { amount: formatMoney(data.amount) })} />
        </main>
      )}
      <ConfirmModals flow={flow} />
      <Modal open={promotionOpen} title={t('confirm.promotionTitle')} onClose={() => setPromotionClosed(true)}>
        <p className="app-pre">{data?.NewPopMsg}</p>
      </Modal>
    </>
  );
}

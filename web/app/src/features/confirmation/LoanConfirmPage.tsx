import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { PageHeader } from '../../components/PageHeader';
import { CURRENT_CALLS } from './api/confirmCalls';
import { AgreementChecks, ConfirmModals, DetailsSection, NextButton, PlanSection } from './ConfirmParts';
import { prefetchConfirm, useConfirmFlow } from './useConfirmFlow';

/** The start-up's calls for this page (start.ts). */
export const prefetch = prefetchConfirm(CURRENT_CALLS);

/** Loan confirmation V3 (spec §2): amount, term in days, rate, details, plan, documents, and the button that names the act ("Agree and borrow ₱3,000.00", D9). */
export default function LoanConfirmPage() {
  const flow = useConfirmFlow(CURRENT_CALLS);
  const { data } = flow;

  return (
    <>
      <PageHeader title={t('page.loanConfirm')} onBack={flow.askBeforeLeaving} />
      {data && (
        <main className="app-main app-stack">
          <section className="h-card app-center">
            <div className="app-product app-product--center">
              {data.comProductLogo && <img src={data.comProductLogo} alt="" width={44} height={44} />}
              <h2 className="app-product-name">{data.comProductName}</h2>
            </div>
            <p className="app-muted app-small">{t('confirm.amount')}</p>
            <p className="app-amount">{formatMoney(data.amount)}</p>
            <dl className="app-facts">
              <div>
                <dt>{t('confirm.term')}</dt>
                <dd>{t('confirm.days', { n: data.termDays })}</dd>
              </div>
              {data.firstPayTime && (
                <div>
                  <dt>{t('confirm.firstPayment')}</dt>
                  <dd>{formatDay(data.firstPayTime)}</dd>
                </div>
              )}
            </dl>
            {data.firstPayTime && <p className="app-small app-muted">{t('confirm.datesFromPayout')}</p>}
            {data.pRateDsc && <p className="app-small">{data.pRateDsc}</p>}
          </section>
          <DetailsSection details={data.details} />
          <PlanSection plan={data.repay_plans} />
          <AgreementChecks flow={flow} />
          <NextButton flow={flow} label={t('confirm.agreeAndBorrow', { amount: formatMoney(data.amount) })} />
        </main>
      )}
      <ConfirmModals flow={flow} />
    </>
  );
}

import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { fillProductId, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { isWebAddress, openExternal, replacePage } from '../../lib/leave';
import { contractJump } from './api/contractJump';
import { CONFIRM_SCENE, useContracts, type ContractItem } from './api/getContracts';
import { useLoanConfirm } from './api/getLoanConfirm';
import { pushLoan } from './api/pushLoan';
import { lendDetailsTarget } from './target';

/** The window event a host app dispatches when the borrower presses back (iOS shell). */
export const HOST_BACK_EVENT = 'hiram:back';

export default function LoanConfirmPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const checkboxId = useId();
  const productId = fillProductId(search).get('productId') ?? '';
  const orderId = search.get('orderId') ?? '';
  const { data: result } = useLoanConfirm(productId, orderId);
  const data = result?.success ? result.data : null;
  const { data: contracts = [] } = useContracts(productId, orderId);
  const [agreed, setAgreed] = useState(true);
  const [agreementAccepted, setAgreementAccepted] = useState(false);
  const [retention, setRetention] = useState(false);
  const [busy, setBusy] = useState(false);

  const popType = data?.isPopType ?? 0;
  useEffect(() => {
    if (popType !== 1) return;
    const onBack = () => setRetention(true);
    window.addEventListener(HOST_BACK_EVENT, onBack);
    return () => window.removeEventListener(HOST_BACK_EVENT, onBack);
  }, [popType]);

  const go = (url: string) => {
    if (isWebAddress(url)) openExternal(url);
    else void navigate(withCarriedQuery(url));
  };

  const openContract = async (item: ContractItem) => {
    const jump = await contractJump({ productId, scene: CONFIRM_SCENE, position: item.position, orderId });
    if (jump.success && jump.data?.contract_url) go(jump.data.contract_url);
  };

  const next = async () => {
    // Unticked, Next is grey and does nothing (spec §4).
    if (!agreed || busy || !data) return;
    setBusy(true);
    const pushed = await pushLoan({ amount: data.amount, periods: data.periods, termUnit: data.termUnit, productId, orderId });
    if (pushed.success && pushed.data?.lendDetailsUrl) {
      replacePage(lendDetailsTarget(pushed.data.lendDetailsUrl, location.search));
      return;
    }
    setBusy(false);
  };

  const closeWebview = () => void callNative('closeWebview', {});

  return (
    <>
      <PageHeader title={t('page.loanConfirm')} />
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
                  <dd>{data.firstPayTime}</dd>
                </div>
              )}
            </dl>
            {data.pRateDsc && <p className="app-small">{data.pRateDsc}</p>}
          </section>

          <section className="h-card" aria-labelledby="confirm-details">
            <h2 id="confirm-details" className="app-section-title">
              {t('confirm.details')}
            </h2>
            <dl>
              {data.details.map((row, i) => (
                <div className="app-row" key={`${row.text}-${i}`}>
                  <dt>{row.text}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          {data.repay_plans.length > 0 && (
            <section className="h-card" aria-labelledby="confirm-plan">
              <h2 id="confirm-plan" className="app-section-title">
                {t('confirm.plan')}
              </h2>
              <ol className="app-plan">
                {data.repay_plans.map((row, i) => (
                  <li key={`${row.title}-${i}`}>
                    <span>
                      <strong>{row.title}</strong>
                      {row.description && <span className="app-muted app-small"> {row.description}</span>}
                      <br />
                      <span className="app-small">{row.pay_time}</span>
                    </span>
                    <strong>{formatMoney(row.amount)}</strong>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <div className="app-agreements">
            <div className="app-check">
              <input id={checkboxId} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
              <label htmlFor={checkboxId}>{t('confirm.agree')}</label>
            </div>
            {contracts.length > 0 && (
              <ul className="app-contracts" aria-label={t('confirm.documents')}>
                {contracts.map((item) => (
                  <li key={item.position}>
                    <button type="button" className="h-link-btn" onClick={() => void openContract(item)}>
                      {item.title}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <button type="button" className="h-btn h-btn--block" disabled={!agreed || busy} onClick={() => void next()}>
            {t('confirm.next')}
          </button>
        </main>
      )}

      <Modal
        open={Boolean(data?.popAgreementUrl) && !agreementAccepted}
        title={t('confirm.agreementTitle')}
        onClose={() => setAgreementAccepted(true)}
        dismissible={false}
        actions={
          <>
            <button type="button" className="h-btn h-btn--ghost" onClick={closeWebview}>
              {t('common.cancel')}
            </button>
            <button type="button" className="h-btn" onClick={() => setAgreementAccepted(true)}>
              {t('confirm.agreeButton')}
            </button>
          </>
        }
      >
        <p>{t('confirm.agreementText')}</p>
        <button type="button" className="h-link-btn" onClick={() => go(data?.popAgreementUrl ?? '')}>
          {t('confirm.readAgreement')}
        </button>
      </Modal>

      <Modal
        open={retention}
        title={data?.popTitle || t('confirm.retentionTitle')}
        onClose={() => setRetention(false)}
        dismissible={false}
        actions={
          <>
            <button type="button" className="h-btn h-btn--ghost" onClick={closeWebview}>
              {t('common.cancel')}
            </button>
            <button type="button" className="h-btn" onClick={() => setRetention(false)}>
              {t('confirm.agreeButton')}
            </button>
          </>
        }
      >
        <p className="app-pre">{data?.popContent}</p>
      </Modal>
    </>
  );
}

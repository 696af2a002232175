// The pieces both confirmation pages show: the loan details, the payment schedule, the
// box with the document links, and the two modals of spec §4.
import { useId } from 'react';
import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';
import type { LoanConfirm } from './api/getLoanConfirm';
import type { ConfirmFlow } from './useConfirmFlow';

export function DetailsSection({ details }: { details: LoanConfirm['details'] }) {
  const headingId = useId();
  return (
    <section className="h-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-section-title">
        {t('confirm.details')}
      </h2>
      <dl>
        {details.map((row, i) => (
          <div className="app-row" key={`${row.text}-${i}`}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PlanSection({ plan }: { plan: LoanConfirm['repay_plans'] }) {
  const headingId = useId();
  if (plan.length === 0) return null;
  return (
    <section className="h-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-section-title">
        {t('confirm.plan')}
      </h2>
      <ol className="app-plan">
        {plan.map((row, i) => (
          <li key={`${row.title}-${i}`}>
            <span>
              <strong>{row.title}</strong>
              {row.description && <span className="app-muted app-small"> {row.description}</span>}
              <br />
              <span className="app-small">{formatDay(row.pay_time)}</span>
            </span>
            <strong>{formatMoney(row.amount)}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The box (ticked only by Agree in the modal or by the borrower, D9) and the links to the documents it agrees to. */
export function AgreementChecks({ flow }: { flow: ConfirmFlow }) {
  const checkboxId = useId();
  return (
    <div className="app-agreements">
      <div className="app-check">
        <input id={checkboxId} type="checkbox" checked={flow.agreed} onChange={(e) => flow.setAgreed(e.target.checked)} />
        <label htmlFor={checkboxId}>{t('confirm.agree')}</label>
      </div>
      {flow.contracts.length > 0 && (
        <ul className="app-contracts" aria-label={t('confirm.documents')}>
          {flow.contracts.map((item) => (
            <li key={item.position}>
              <button type="button" className="h-link-btn" onClick={() => void flow.openContract(item)}>
                {item.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Next (or the server's own text for it): grey and inert while the box is unticked. */
export function NextButton({ flow, label }: { flow: ConfirmFlow; label: string }) {
  return (
    <button type="button" className="h-btn h-btn--block" disabled={!flow.agreed || flow.busy} onClick={() => void flow.next()}>
      {label}
    </button>
  );
}

/** The agreement modal (popAgreementUrl) and the retention pop-up (the host's back, isPopType 1). */
export function ConfirmModals({ flow }: { flow: ConfirmFlow }) {
  const choice = (onAgree: () => void) => (
    <>
      <button type="button" className="h-btn h-btn--ghost" onClick={flow.closeWebview}>
        {t('common.cancel')}
      </button>
      <button type="button" className="h-btn" onClick={onAgree}>
        {t('confirm.agreeButton')}
      </button>
    </>
  );
  return (
    <>
      <Modal
        open={flow.agreementOpen}
        title={t('confirm.agreementTitle')}
        onClose={flow.leaveAgreement}
        dismissible={false}
        actions={choice(flow.acceptAgreement)}
      >
        <p>{t('confirm.agreementText')}</p>
        <button type="button" className="h-link-btn" onClick={flow.readAgreement}>
          {t('confirm.readAgreement')}
        </button>
      </Modal>

      <Modal
        open={flow.retention}
        title={flow.data?.popTitle || t('confirm.retentionTitle')}
        onClose={flow.dismissRetention}
        dismissible={false}
        actions={choice(flow.dismissRetention)}
      >
        <p className="app-pre">{flow.data?.popContent}</p>
      </Modal>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t, type MessageKey } from '../i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';
import { decideApplication, ORDERS_KEY, useOrder, type Me, type OrderRecord } from '../api';
import { orderStatusLabel } from '../labels';
import { DateTime, Facts, ReasonField, RoleNote, useInSightWhenBelow } from '../parts';
import { maskedPhone } from '../phone';
import { refusedField } from '../refusal';
import { PERMISSION } from '../sections';

const peso = (centavos: number) => formatMoney(centavos, '₱');
const MIN_REASON = 5;
/**
 * Approve or reject an application under review, with the reason the
 * borrower's record keeps. The decision changes the record and the lists.
 */
function DecisionForm({ order }: { order: OrderRecord }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function decide(decision: 'approve' | 'reject') {
    if (reason.trim().length < MIN_REASON) {
      setError(t('console.orders.reasonNeeded'));
      return;
    }
    setBusy(true);
    const result = await decideApplication(order.id, decision, reason.trim());
    setBusy(false);
    if (!result.success) {
      // The reason stays as typed; a refusal of it shows beside it.
      if (refusedField(result) === 'reason') setError(result.message || t('console.orders.reasonNeeded'));
      return;
    }
    showToast(t(decision === 'approve' ? 'console.orders.approved' : 'console.orders.rejected'));
    void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
  }

  return (
    <form
      className="c-answer-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void decide('approve');
      }}
    >
      <h3 className="c-sub">{t('console.orders.decide')}</h3>
      <ReasonField
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      <div className="c-form-row">
        <button type="button" className="h-btn h-btn--ghost c-btn" disabled={busy} onClick={() => void decide('reject')}>
          {t('console.orders.reject')}
        </button>
        <button type="submit" className="h-btn c-btn" disabled={busy}>
          {t('console.orders.approve')}
        </button>
      </div>
    </form>
  );
}

/** How the console names an acceptance act (D9) and a cap proof's occasion; an unknown key shows as it is. */
const ACTS: Record<string, MessageKey> = {
  agree_button: 'console.orders.act.agreeButton',
  checkbox: 'console.orders.act.checkbox',
  app_next: 'console.orders.act.appNext',
};
const OCCASIONS: Record<string, MessageKey> = {
  acceptance: 'console.orders.proof.acceptance',
  renewal: 'console.orders.proof.renewal',
  ceiling_hold: 'console.orders.proof.ceilingHold',
};
const named = (names: Record<string, MessageKey>, key: string) => (Object.hasOwn(names, key) ? t(names[key]!) : key);

/**
 * What the loan engine holds for the loan (decision 056): the act it was
 * accepted by, the rule set governing it and whether it covers it, what
 * paying it off today costs, its schedule, and every cap proof, for staff
 * and an examiner.
 */
function LoanRecordView({ loan }: { loan: OrderRecord['loan'] }) {
  // An application not yet accepted has no loan account.
  if (!loan.acceptedBy && !loan.ruleSet && loan.proofs.length === 0) return null;
  const owed = loan.owedToday;
  return (
    <section aria-labelledby="c-order-loan">
      <h3 id="c-order-loan" className="c-sub">
        {t('console.orders.loan')}
      </h3>
      <Facts
        items={[
          [t('console.orders.acceptedBy'), loan.acceptedBy ? named(ACTS, loan.acceptedBy) : '—'],
          [
            t('console.orders.ruleSet'),
            loan.ruleSet
              ? `${loan.ruleSet} · ${loan.covered ? t('console.orders.covered') : t('console.orders.notCovered')}`
              : '—',
          ],
          [t('console.orders.renewals'), String(loan.renewals)],
          ...(loan.writtenOffOn && loan.writtenOff != null
            ? [[t('console.orders.writtenOff'), t('console.orders.writtenOffOn', { date: formatDate(loan.writtenOffOn), amount: peso(loan.writtenOff) })] as const]
            : []),
        ]}
      />
      {owed && (
        <table className="c-table c-table--narrow" aria-label={t('console.orders.owedToday')}>
          <caption className="c-sub">{t('console.orders.owedToday')}</caption>
          <tbody>
            {(
              [
                ['console.orders.owed.principal', owed.principal],
                ['console.orders.owed.interest', owed.interest],
                ['console.orders.owed.fees', owed.fees],
                ['console.orders.owed.penalties', owed.penalties],
                ['console.orders.owed.total', owed.total],
                ['console.orders.owed.credit', owed.credit],
              ] as const
            ).map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{t(label)}</th>
                <td className="c-num" data-testid={label === 'console.orders.owed.total' ? 'owed-today-total' : undefined}>
                  {peso(amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loan.schedule.length > 0 && (
        <table className="c-table" aria-label={t('console.orders.schedule')}>
          <caption className="c-sub">{t('console.orders.schedule')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('console.col.dueDate')}</th>
              <th scope="col" className="c-num">{t('console.col.amount')}</th>
              <th scope="col" className="c-num">{t('console.orders.remaining')}</th>
              <th scope="col">{t('console.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {loan.schedule.map((line) => (
              <tr key={line.number}>
                <td>{line.number}</td>
                <td className="c-nowrap">{line.dueDate}</td>
                <td className="c-num">{peso(line.amount)}</td>
                <td className="c-num">{peso(line.remaining)}</td>
                <td>{line.settled ? t('console.orders.settled') : t('console.orders.unsettled')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="c-table c-table--wrap-head" aria-label={t('console.orders.proofs')}>
        <caption className="c-sub">{t('console.orders.proofs')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.orders.occasion')}</th>
            <th scope="col">{t('console.orders.ruleSet')}</th>
            <th scope="col" className="c-num">{t('console.orders.effectiveRate')}</th>
          </tr>
        </thead>
        <tbody>
          {loan.proofs.length === 0 && (
            <tr>
              <td colSpan={3} className="c-empty">{t('console.empty')}</td>
            </tr>
          )}
          {loan.proofs.map((proof, index) => (
            <tr key={index}>
              <td>
                {named(OCCASIONS, proof.occasion)}
                <div className="c-muted c-small">
                  <DateTime at={proof.at} />
                </div>
                <details className="c-preview">
                  <summary>{t('console.orders.proofBody')}</summary>
                  <pre className="c-small c-pre">{JSON.stringify(proof.body, null, 2)}</pre>
                </details>
              </td>
              <td>
                <span className="c-nowrap">{proof.ruleSet}</span>
                <div className={proof.passed ? 'c-small' : 'c-small c-bad'}>{proof.passed ? t('console.orders.passed') : t('console.orders.failed')}</div>
              </td>
              <td className="c-num">{proof.effectiveRate ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One order with everything that happened to it: balances, state history, ledger, payouts. */
export function OrderPanel({ id, me }: { id: number; me: Me }) {
  const order = useOrder(id).data;
  const panel = useInSightWhenBelow<HTMLElement>();
  if (!order) {
    return (
      <aside ref={panel} className="c-panel c-panel--empty" aria-label={t('console.orders.panel')}>
        <p className="c-muted">{t('common.loading')}</p>
      </aside>
    );
  }
  const canDecide = me.permissions.includes(PERMISSION.decideApplications);
  const dues = order.dues;
  return (
    <aside ref={panel} className="c-panel" aria-label={t('console.orders.panel')}>
      <div className="c-panel-head">
        <h2>{t('console.orders.title', { no: order.orderNo })}</h2>
      </div>
      <Facts
        items={[
          [t('console.col.status'), orderStatusLabel(order.status)],
          [t('console.col.borrower'), <Link key="b" to={`/borrowers?id=${order.borrowerId}`}>{order.borrowerName || `#${order.borrowerId}`} · <span className="c-nowrap">{maskedPhone(order.phone)}</span></Link>],
          [t('console.col.product'), order.productName + (order.requiresReview ? ` · ${t('console.products.review')}` : '')],
          [t('console.books.lender'), order.lenderName],
          [t('console.col.principal'), peso(order.principal)],
          [t('console.orders.interestFees'), `${peso(order.interest)} · ${peso(order.fees)}`],
          [t('console.orders.term'), t('console.orders.days', { n: order.termDays + order.extensionDays })],
          [t('console.col.applied'), formatDateTime(order.appliedAt)],
          [t('console.orders.disbursed'), order.disbursedAt ? formatDateTime(order.disbursedAt) : '—'],
          [t('console.col.dueDate'), order.dueDate ? formatDate(order.dueDate) : '—'],
          [t('console.orders.account'), order.payoutAccount ?? '—'],
        ]}
      />
      <h3 className="c-sub">{t('console.orders.owed')}</h3>
      <table className="c-table c-table--narrow" aria-label={t('console.orders.owed')}>
        <tbody>
          {(
            [
              ['console.orders.owed.principal', dues.principal],
              ['console.orders.owed.interest', dues.interest],
              ['console.orders.owed.fees', dues.fees],
              ['console.orders.owed.penalties', dues.penalties],
              ['console.orders.owed.total', dues.total],
              ['console.orders.owed.credit', dues.credit],
            ] as const
          ).map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{t(label)}</th>
              <td className="c-num" data-testid={label === 'console.orders.owed.total' ? 'owed-total' : undefined}>
                {peso(amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LoanRecordView loan={order.loan} />
      {order.status === 21 && (canDecide ? <DecisionForm order={order} /> : <RoleNote me={me} permission="decide_applications" />)}
      <h3 className="c-sub">{t('console.orders.history')}</h3>
      <ol className="c-steps">
        {order.history.map((step, index) => (
          <li key={index}>
            <span className="c-strong">{orderStatusLabel(step.to)}</span> <span className="c-muted c-small">{formatDateTime(step.at)}</span>
            <div className="c-small">{step.cause}</div>
          </li>
        ))}
      </ol>
      <h3 className="c-sub">{t('console.orders.ledger')}</h3>
      <table className="c-table" aria-label={t('console.orders.ledger')}>
        <thead>
          <tr>
            <th scope="col">{t('console.col.type')}</th>
            <th scope="col">{t('console.orders.lines')}</th>
          </tr>
        </thead>
        <tbody>
          {order.ledger.length === 0 && (
            <tr>
              <td colSpan={2} className="c-empty">{t('console.empty')}</td>
            </tr>
          )}
          {order.ledger.map((entry) => (
            <tr key={entry.id}>
              <td>
                {entry.kind}
                <div className="c-muted c-small">
                  <code>{entry.key}</code>
                </div>
                <div className="c-muted c-small">
                  <DateTime at={entry.at} />
                </div>
              </td>
              <td className="c-small">
                {entry.lines.map((line, index) => (
                  <div key={index} className="c-ledger-line">
                    <span>
                      {line.side === 'debit' ? t('console.orders.debit') : t('console.orders.credit')} {line.account}
                    </span>{' '}
                    <span className="c-nowrap">{peso(line.amount)}</span>
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.payouts.length > 0 && (
        <>
          <h3 className="c-sub">{t('console.orders.payouts')}</h3>
          <ul className="c-steps">
            {order.payouts.map((payout, index) => (
              <li key={index}>
                {payout.outcome} · {payout.gateway} <span className="c-muted c-small">{formatDateTime(payout.at)}</span>
                {payout.detail && <div className="c-small">{payout.detail}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}

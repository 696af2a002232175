import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { formatDay, formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import { pageLoan } from '@hiram/shared/query/pageQuery';
import { LoanDocument } from '../../components/LoanDocument';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { generatePayCode } from './api/generatePayCode';
import { useExtensionInfo, type ExtensionInfo, type PlanItem } from './api/getExtensionInfo';
import { splitBreakdown } from './breakdown';
import { AmountCard, PaymentMethod, ProductDetails } from './parts';
import { Link } from '../../components/Link';

/** The plan as it will be once extended: title, remark and date, amount. */
function PlanList({ plan }: { plan: readonly PlanItem[] }) {
  const id = useId();
  if (plan.length === 0) return null;
  return (
    <section className="h-card" aria-labelledby={id}>
      <h2 id={id} className="app-section-title">
        {t('repayDelay.plan')}
      </h2>
      <ol className="app-plan" aria-labelledby={id}>
        {plan.map((row, i) => (
          <li key={`${row.title}-${i}`}>
            <span>
              <strong>{row.title}</strong>
              {row.remark && <span className="app-muted app-small"> {row.remark}</span>}
              <br />
              <span className="app-small">{formatDay(row.time)}</span>
            </span>
            <strong>{formatMoney(row.amount)}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The renewal's disclosure statement (an extension is a renewal, decision
 * 056): what extending costs, the new dates, its effective rate and the rule
 * set it is held to, shown in full before the Payment button.
 */
function RenewalDisclosure({ statement }: { statement: ExtensionInfo['disclosure'] }) {
  const id = useId();
  return (
    <section className="h-card app-prose" aria-labelledby={id}>
      <h2 id={id} className="app-section-title">
        {statement.title || t('agreement.disclosure')}
      </h2>
      <LoanDocument doc={statement} title={statement.title || t('agreement.disclosure')} level={3} />
    </section>
  );
}

/**
 * Extension ("rollover") repayment (spec §2, decision 012): the design of the
 * installment page for what extending costs now, the next payment date once
 * extended, the plan after it and the renewal's disclosure statement; Payment
 * issues an extension pay code.
 */
export default function RepayDelayPage() {
  const [search] = useSearchParams();
  const { productId, orderId } = pageLoan(search);
  const { data: result } = useExtensionInfo(productId, orderId);
  const info = result?.success ? result.data : null;
  const delayAmount = info?.delayInfo.delayAmount ?? 0;
  // The amount leads with its parts (the charges due, the extension fee);
  // the details below keep the other rows.
  const { parts, rest } = splitBreakdown(info?.detail ?? [], delayAmount);

  return (
    <>
      <PageHeader title={info?.delayInfo.title || t('page.repayDelay')} />
      {info && (
        <main className="app-main">
          <AmountCard
            label={t('repayDelay.amount')}
            amount={delayAmount}
            breakdown={parts}
            note={t('repayDelay.nextDate', { date: formatDay(info.nextRepayDate) })}
          />
          <ProductDetails logo={info.productLogo} name={info.productName} rows={rest} />
          <PlanList plan={info.repayPlan} />
          <RenewalDisclosure statement={info.disclosure} />
          <PaymentMethod
            channels={info.repayList}
            hint={info.noticeMsg || t('repayDelay.hint')}
            issue={(channel) =>
              generatePayCode({
                productId,
                orderId,
                amount: delayAmount,
                channelNumber: channel.channel_number,
                isDelay: 1,
                delayAmount,
              })
            }
          />
        </main>
      )}
      {result && !result.success && (
        // The request helper has toasted the reason; it stays on the page too.
        <main className="app-main app-stack">
          <p className="app-muted">{result.message || t('error.server')}</p>
          <Link className="h-btn h-btn--ghost" to={appLink('/loanDetails', { productId, orderId })}>
            {t('repayDelay.backToOrder')}
          </Link>
        </main>
      )}
    </>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { formatDay } from '@hiram/shared/format/format';
import { statusName } from '@hiram/shared/i18n/glossary';
import { t } from './texts';
import { pageLoan, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { CopyToKeepLink } from '../../components/CopyToKeepLink';
import { PageHeader } from '../../components/PageHeader';
import { BalanceCard } from './BalanceCard';
import { ProductList, type ProductCard as Card } from '../../components/ProductList';
import { StatusIcon } from '../../components/StatusIcon';
import { isWebAddress, openExternal, replacePage } from '../../lib/leave';
import { appLink } from '../../lib/links';
import { googleScore } from './api/googleScore';
import { loanDetailsQuery, useLoanDetails, type LoanDetails } from './api/getLoanDetails';
import { recommendJump } from './api/recommendJump';
import { NoticePopup, RatingPopup, STORE_RATING_FROM } from './Popups';
import { safetyTipDue, safetyTipSeen } from './safetyTip';
import {
  ACTION_LABELS,
  bannerColour,
  darkInk,
  hasCopyToKeep,
  orderActions,
  showsRecommendations,
  STATUS,
  statusIcon,
  type OrderAction,
} from './status';
import { Link } from '../../components/Link';

/** Analytics events (spec §7): Borrow Again is module 30 position 0. */
export const BORROW_AGAIN_EVENT = { moduleId: 30, positionId: 0 } as const;
/** Recommended-product taps: this module, position = list index. */
export const RECOMMEND_MODULE = 31;

type Popup = 'kindTips' | 'reminder' | 'rating';

function Banner({ details }: { details: LoanDetails }) {
  const colour = bannerColour(details.orderStatus);
  return (
    <section
      className={`app-banner app-banner--icon${colour ? '' : ' app-banner--none'}${darkInk(details.orderStatus) ? ' app-banner--dark-ink' : ''}`}
      style={colour ? { background: colour } : undefined}
      aria-label={t('loanDetails.status.unknown')}
      data-status={details.orderStatus}
    >
      <StatusIcon kind={statusIcon(details.orderStatus)} />
      <div>
        <h2>{statusName(details.orderStatus, details.noticeStatusText)}</h2>
        {details.noticeDesText && <p>{details.noticeDesText}</p>}
      </div>
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
              {/* A day (the due date) reads as the borrower reads one; other text stays. */}
              <dd>{formatDay(row.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** An overdue loan (180): days late, penalties so far, today's balance and
 * what another day adds, as the server words them in the borrower's language. */
function OverdueCard({ overdue }: { overdue: NonNullable<LoanDetails['overdue']> }) {
  return (
    <section className="h-card" aria-labelledby="overdue-title" data-testid="overdue-standing">
      <h3 id="overdue-title">{t('loanDetails.overdueTitle')}</h3>
      <ul className="app-stack">
        {overdue.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The popups due for this order, in the order they are shown. */
function duePopups(details: LoanDetails): Popup[] {
  const due: Popup[] = [];
  if (details.KindTipsMsg && safetyTipDue()) due.push('kindTips');
  if (details.reyMsg) due.push('reminder');
  if (details.isScore === 1) due.push('rating');
  return due;
}

/** The start-up's call for this page (start.ts). */
export function prefetch(client: QueryClient, search: URLSearchParams) {
  const { productId, orderId } = pageLoan(search);
  const query = loanDetailsQuery(productId, orderId);
  return query.enabled ? client.prefetchQuery(query) : Promise.resolve();
}

export default function LoanDetailsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { productId, orderId } = pageLoan(search);
  const { data: result } = useLoanDetails(productId, orderId);
  const details = result?.success ? result.data : null;
  const [closed, setClosed] = useState<readonly Popup[]>([]);
  const [ratingResult, setRatingResult] = useState(false);

  // Spec §4: not under review and a confirm address given → go there at once.
  const redirect =
    details && details.orderStatus !== STATUS.REVIEW && details.playeduL ? details.playeduL : '';
  useEffect(() => {
    if (redirect) replacePage(withCarriedQuery(redirect, { productId, orderId }));
  }, [redirect, productId, orderId]);

  // One popup at a time; the rating result comes before the rest of the queue.
  const popup = details && !redirect && !ratingResult ? duePopups(details).find((p) => !closed.includes(p)) : undefined;
  const close = (which: Popup) => {
    // The safety reminder (Kind tips) shows once a day: seen is enough.
    if (which === 'kindTips') safetyTipSeen();
    setClosed((list) => [...list, which]);
  };

  const act = (action: OrderAction) => {
    const ids = { productId, orderId };
    switch (action) {
      case 'repay':
      case 'repayment':
        safetyTipSeen();
        void navigate(appLink('/repaymentByPeriod', ids));
        break;
      case 'rollover':
        safetyTipSeen();
        void navigate(appLink('/repayDelay', ids));
        break;
      case 'bindAccount':
        // The order travels along so binding can come back to it (spec §4).
        void navigate(appLink('/bindBank', { ...ids, source: 'loanDetail' }));
        break;
      case 'borrowAgain':
        // The bridge records the event natively, or posts /service/event/save in a browser.
        void callNative('confirmBurialPoint', { productId, ...BORROW_AGAIN_EVENT });
        void navigate(appLink('/productDetail', { productId }));
        break;
    }
  };

  const tapRecommended = async (card: Card, index: number) => {
    void callNative('confirmBurialPoint', { productId: String(card.id), moduleId: RECOMMEND_MODULE, positionId: index });
    const jump = await recommendJump(card.id, index);
    const url = jump.success ? (jump.data?.url ?? '') : '';
    if (!url) return;
    if (isWebAddress(url)) openExternal(url);
    else void navigate(withCarriedQuery(url));
  };

  const onRated = (stars: number) => {
    close('rating');
    if (stars < STORE_RATING_FROM) {
      setRatingResult(true);
      return;
    }
    // A failed score call does nothing (spec §8); the store prompt still opens.
    void googleScore().then(() => callNative('toRate', {}));
  };

  const actions = details ? orderActions(details.orderStatus, details.isDelay, details.cardNeedPop) : [];
  const recommended = details && showsRecommendations(details.orderStatus) ? details.recProducts : [];

  return (
    <>
      <PageHeader title={t('page.loanDetails')} />
      {details && !redirect && (
        <>
          <Banner details={details} />
          <main className="app-main app-overlap">
            {details.overdue && <OverdueCard overdue={details.overdue} />}
            {details.balance && <BalanceCard balance={details.balance} />}
            <ProductCard details={details} />
            {hasCopyToKeep(details.orderStatus) && <CopyToKeepLink orderId={orderId} />}
            {recommended.length > 0 && (
              <section className="app-stack" aria-labelledby="rec-title">
                <h2 id="rec-title" className="app-section-title">
                  {t('loanDetails.recommended')}
                </h2>
                <ProductList
                  products={recommended}
                  label={t('loanDetails.recommended')}
                  onTap={(card, index) => void tapRecommended(card, index)}
                />
                <Link className="app-more" to={appLink('/home')}>
                  {t('loanDetails.moreProducts')}
                </Link>
              </section>
            )}
            {actions.length > 0 && (
              <div className="app-buttons">
                {actions.map((action) => (
                  <Fragment key={action}>
                    {/* The hint leads to the one button it is about, right under it. */}
                    {action === 'rollover' && (
                      <p id="rollover-hint" className="app-hint">
                        {t('loanDetails.rolloverHint')}
                      </p>
                    )}
                    <button
                      type="button"
                      className={action === 'rollover' ? 'h-btn h-btn--ghost h-btn--block' : 'h-btn h-btn--block'}
                      aria-describedby={action === 'rollover' ? 'rollover-hint' : undefined}
                      onClick={() => act(action)}
                    >
                      {t(ACTION_LABELS[action])}
                    </button>
                  </Fragment>
                ))}
              </div>
            )}
          </main>
          <NoticePopup
            open={popup === 'kindTips'}
            title={t('loanDetails.kindTips')}
            message={details.KindTipsMsg}
            onClose={() => close('kindTips')}
          />
          <NoticePopup
            open={popup === 'reminder'}
            title={t('loanDetails.reminder')}
            message={details.reyMsg}
            onClose={() => close('reminder')}
          />
          <RatingPopup open={popup === 'rating'} onClose={() => close('rating')} onRated={onRated} />
          <NoticePopup
            open={ratingResult}
            outcome
            title={t('rating.resultTitle')}
            message={t('rating.resultText')}
            onClose={() => setRatingResult(false)}
          />
        </>
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatMoney, parseCentavos } from '@hiram/shared/format/format';
import { t } from './texts';
import { fillProductId, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { PageHeader } from '../../components/PageHeader';
import { hasSession, loginLink } from '../../lib/links';
import { amountRange, snapAmount } from './amount';
import { applyForLoan } from './api/applyForLoan';
import { useProductDetail } from './api/getProductDetail';
import { useQuote, type QuoteView } from './api/getQuote';

/** Quote only once the borrower stops moving the slider for this long. */
export const QUOTE_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function QuoteRows({ quote }: { quote: QuoteView }) {
  const rows: [string, string][] = [
    [t('product.interest'), formatMoney(quote.interest)],
    [t('product.fees'), formatMoney(quote.fees)],
    [t('product.netProceeds'), formatMoney(quote.netProceeds)],
    [t('product.financeCharge'), formatMoney(quote.financeCharge)],
    [t('product.totalRepayable'), formatMoney(quote.totalRepayable)],
    [t('product.effectiveRate'), quote.effectiveMonthlyRate],
  ];
  return (
    <>
      <dl aria-label={t('product.costs')}>
        {rows.map(([label, value]) => (
          <div className="app-row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {quote.plan.length > 0 && (
        <>
          <h3 className="app-section-title">{t('product.plan')}</h3>
          <ol className="app-plan">
            {quote.plan.map((row) => (
              <li key={row.number}>
                <span>{t('product.planRow', { n: row.number, days: row.dueAfterDays })}</span>
                <strong>{formatMoney(row.amount)}</strong>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

export default function ProductDetailPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const productId = fillProductId(search).get('productId') ?? '';
  const asked = parseCentavos(search.get('amount'));
  const { data: result } = useProductDetail(productId);
  const detail = result?.success ? result.data : null;
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const range = detail ? amountRange(detail.minAmount, detail.maxAmount, detail.amountStep, detail.limit ?? null) : null;
  const amount = range ? snapAmount(picked ?? asked ?? detail?.sample.amount ?? range.max, range) : null;
  const quotedAmount = useDebounced(amount, QUOTE_DELAY_MS);
  // The first amount is quoted at once (the sample); later moves wait for the debounce.
  const { data: quote } = useQuote(productId, quotedAmount ?? amount, detail?.sample ?? null);

  const apply = async () => {
    if (busy || amount === null) return;
    if (!hasSession()) {
      const back = new URLSearchParams({ productId, amount: String(amount) });
      void navigate(loginLink(`${location.pathname}?${back.toString()}`));
      return;
    }
    setBusy(true);
    const answer = await applyForLoan(productId, amount);
    setBusy(false);
    const next = answer.data?.nextUrl;
    if (!next) return;
    // Approved → confirm, otherwise the order; a 409 sends the borrower to KYC
    // with the product and amount to come back to.
    if (answer.success) void navigate(withCarriedQuery(next));
    else void navigate(withCarriedQuery(next, { productId, amount }));
  };

  const move = (delta: number) => {
    if (range && amount !== null) setPicked(snapAmount(amount + delta * range.step, range));
  };

  return (
    <>
      <PageHeader title={t('page.productDetail')} />
      {detail && (
        <main className="app-main app-stack">
          <section className="h-card">
            <div className="app-product">
              {detail.logo && <img src={detail.logo} alt="" width={44} height={44} />}
              <div>
                <h2 className="app-product-name">{detail.name}</h2>
                <p className="app-muted app-small">{detail.lenderName}</p>
              </div>
            </div>
            {detail.rateDescription && <p className="app-small">{detail.rateDescription}</p>}
            {detail.tags.length > 0 && (
              <ul className="app-tags" aria-label={t('products.tags')}>
                {detail.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            )}
          </section>

          <section className="h-card" aria-labelledby="amount-title">
            <h2 id="amount-title" className="app-section-title">
              {t('product.amount')}
            </h2>
            {range && amount !== null ? (
              <>
                <div className="app-stepper">
                  <button
                    type="button"
                    className="h-btn h-btn--ghost"
                    aria-label={t('product.decrease')}
                    disabled={amount <= range.min}
                    onClick={() => move(-1)}
                  >
                    −
                  </button>
                  <output className="app-amount" aria-live="polite">
                    {formatMoney(amount)}
                  </output>
                  <button
                    type="button"
                    className="h-btn h-btn--ghost"
                    aria-label={t('product.increase')}
                    disabled={amount >= range.max}
                    onClick={() => move(1)}
                  >
                    +
                  </button>
                </div>
                <input
                  type="range"
                  className="app-slider"
                  aria-label={t('product.amount')}
                  aria-valuetext={formatMoney(amount)}
                  min={range.min}
                  max={range.max}
                  step={range.step}
                  value={amount}
                  disabled={range.min === range.max}
                  aria-describedby={detail.limitReason ? 'limit-reason' : undefined}
                  onChange={(e) => setPicked(snapAmount(Number(e.target.value), range))}
                />
                <div className="app-range app-small app-muted">
                  <span>{formatMoney(range.min)}</span>
                  <span>{formatMoney(range.max)}</span>
                </div>
                {detail.limitReason && (
                  <p id="limit-reason" className="app-hint">
                    {detail.limitReason}
                  </p>
                )}
              </>
            ) : (
              <p className="app-muted">{t('product.belowLimit')}</p>
            )}
            <p className="app-small">
              {detail.periods > 1
                ? t('product.termPeriods', { days: detail.termDays, periods: detail.periods, every: detail.periodDays })
                : t('product.term', { days: detail.termDays })}
            </p>
          </section>

          {quote && (
            <section className="h-card" aria-labelledby="quote-title">
              <h2 id="quote-title" className="app-section-title">
                {t('product.quote')}
              </h2>
              <QuoteRows quote={quote} />
            </section>
          )}

          <p className="app-small app-muted">
            {t('product.lender', {
              company: detail.lenderCorporateName,
              sec: detail.secRegistrationNo,
              coa: detail.certificateOfAuthorityNo,
            })}
          </p>

          {!detail.available && <p className="app-hint">{t('product.unavailable')}</p>}
          <button
            type="button"
            className="h-btn h-btn--block"
            disabled={!detail.available || amount === null || busy}
            onClick={() => void apply()}
          >
            {t('product.apply')}
          </button>
        </main>
      )}
    </>
  );
}

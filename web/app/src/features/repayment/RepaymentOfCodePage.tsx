import { useSearchParams } from 'react-router';
import { copyText } from '@hiram/shared/clipboard/copy';
import { formatMoney, parseCentavos } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';

/** The sandbox gateway's page for a pay code (the test payment channel). */
export function sandboxPayLink(payCode: string): string {
  return `/sandbox/pay?${new URLSearchParams({ code: payCode }).toString()}`;
}

/**
 * /repaymentOfCode?showType&payCode&payCodeImg&repayAmount (centavos).
 * showType 1: a copyable code and the channel image; otherwise the QR image and
 * scan-to-pay tips.
 */
export default function RepaymentOfCodePage() {
  const [search] = useSearchParams();
  const showType = search.get('showType') ?? '';
  const payCode = search.get('payCode') ?? '';
  const payCodeImg = search.get('payCodeImg') ?? '';
  const amount = parseCentavos(search.get('repayAmount'));

  return (
    <>
      <PageHeader title={t('page.repaymentOfCode')} />
      <main className="app-main">
        {amount !== null && (
          <section className="h-card">
            <h2 className="app-muted">{t('repayCode.amount')}</h2>
            <p className="app-amount">{formatMoney(amount)}</p>
          </section>
        )}
        {showType === '1' ? (
          <section className="h-card" aria-labelledby="rc-code">
            <h2 id="rc-code">{t('repayCode.code')}</h2>
            {payCode ? (
              <div className="app-code">
                <span>{payCode}</span>
                <button type="button" className="h-btn h-btn--ghost" onClick={() => void copyText(payCode)}>
                  {t('common.copy')}
                </button>
              </div>
            ) : (
              <p>{t('repayCode.missing')}</p>
            )}
            {payCodeImg && <img src={payCodeImg} alt={t('repayCode.channel')} />}
          </section>
        ) : (
          <section className="h-card" aria-labelledby="rc-scan">
            <h2 id="rc-scan">{t('repayCode.scanTitle')}</h2>
            {payCodeImg ? (
              <img className="app-qr" src={payCodeImg} alt={t('repayCode.qr')} width={220} height={220} />
            ) : payCode ? (
              <p className="app-code">{payCode}</p>
            ) : (
              <p>{t('repayCode.missing')}</p>
            )}
            <ol>
              <li>{t('repayCode.scanTip1')}</li>
              <li>{t('repayCode.scanTip2')}</li>
              <li>{t('repayCode.scanTip3')}</li>
            </ol>
          </section>
        )}
        {payCode && (
          <section className="h-card" aria-labelledby="rc-sandbox">
            <h2 id="rc-sandbox">{t('repayCode.sandboxTitle')}</h2>
            <p className="app-muted">{t('repayCode.sandboxText')}</p>
            {/* Served by the server, outside the app: a plain link, not the router. */}
            <a className="h-btn h-btn--ghost h-btn--block" href={sandboxPayLink(payCode)}>
              {t('repayCode.sandboxLink')}
            </a>
          </section>
        )}
      </main>
    </>
  );
}

import { useLocation, useSearchParams } from 'react-router';
import { formatDayTime, formatMoney, parseCentavos } from '@hiram/shared/format/format';
import { t, type PayCodeKey } from './payCodeTexts';
import { PageHeader } from '../../components/PageHeader';
import { isOwnPath, PayCodeLine, payCodePicture, SandboxLink, type CodePageState } from './parts';

/** The channels a code page can name (the server's `channel` keys) and their logos. */
const CHANNELS: Record<string, string> = {
  gcash: 'GCash',
  maya: 'Maya',
  seven_eleven: '7-Eleven',
  cebuana: 'Cebuana Lhuillier',
  ecpay: 'ECPay',
  qrph: 'QR Ph',
};

function channelLogo(key: string): { src: string; name: string } | null {
  const name = CHANNELS[key];
  return name ? { src: `/media/logos/channel-${key.replace('_', '-')}.svg`, name } : null;
}

/**
 * What to do at the counter of each store channel (over the counter): a
 * store's own words for it, where one page of steps for every store left
 * a borrower at Cebuana looking for a cashier to scan a barcode.
 */
const STORE_STEPS: Record<string, readonly PayCodeKey[]> = {
  seven_eleven: ['repayCode.steps.sevenEleven.1', 'repayCode.steps.sevenEleven.2', 'repayCode.steps.sevenEleven.3'],
  cebuana: ['repayCode.steps.cebuana.1', 'repayCode.steps.cebuana.2', 'repayCode.steps.cebuana.3'],
  ecpay: ['repayCode.steps.ecpay.1', 'repayCode.steps.ecpay.2', 'repayCode.steps.ecpay.3'],
};

/**
 * /repaymentOfCode?showType&payCode&repayAmount (centavos)&channel, with
 * payCodeImg (QR Ph's QR) or barcodeImg (a store code's Code 128).
 * showType 1: a copyable code, the channel's logo and, for a store, the
 * barcode for the cashier and that store's steps; otherwise the QR and
 * scan-to-pay tips. The demo's test page and the day and time the code
 * stops working come from the channel picker (history state, the pay code's
 * reply), never the query.
 */
export default function RepaymentOfCodePage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const showType = search.get('showType') ?? '';
  const payCode = search.get('payCode') ?? '';
  const payCodeImg = search.get('payCodeImg') ?? '';
  const barcode = payCodePicture(search.get('barcodeImg'));
  const qr = payCodePicture(payCodeImg);
  const channel = channelLogo(search.get('channel') ?? '');
  const amount = parseCentavos(search.get('repayAmount'));
  const state = location.state as CodePageState | null;
  const sandboxUrl = state?.sandboxUrl;
  const payBy = state?.expiresAt ? formatDayTime(state.expiresAt) : '';
  const storeSteps = showType === '1' && payCode ? STORE_STEPS[search.get('channel') ?? ''] : undefined;

  return (
    <>
      <PageHeader title={t('page.repaymentOfCode')} />
      <main className="app-main">
        {(amount !== null || payBy) && (
          <section className="h-card">
            {amount !== null && (
              <>
                <h2 className="app-muted">{t('repayCode.amount')}</h2>
                <p className="app-amount">{formatMoney(amount)}</p>
              </>
            )}
            {payBy && (
              <>
                <p>
                  <strong>{t('repayCode.payBy', { at: payBy })}</strong>
                </p>
                <p className="app-muted app-small">{t('repayCode.payByNote')}</p>
              </>
            )}
          </section>
        )}
        {showType === '1' ? (
          <section className="h-card" aria-labelledby="rc-code">
            {channel && <img className="app-channel-banner" src={channel.src} alt={channel.name} height={48} />}
            <h2 id="rc-code">{t('repayCode.code')}</h2>
            {payCode ? <PayCodeLine code={payCode} /> : <p>{t('repayCode.missing')}</p>}
            {barcode ? (
              <figure className="app-barcode">
                <img src={barcode} alt={t('repayCode.barcode')} />
                <figcaption className="app-muted">{t('repayCode.barcodeTip')}</figcaption>
              </figure>
            ) : (
              !channel &&
              isOwnPath(payCodeImg) && <img className="app-channel-banner" src={payCodeImg} alt={t('repayCode.channel')} />
            )}
          </section>
        ) : (
          <section className="h-card" aria-labelledby="rc-scan">
            <h2 id="rc-scan">{t('repayCode.scanTitle')}</h2>
            {qr ? (
              <img className="app-qr" src={qr} alt={t('repayCode.qr')} width={240} height={240} />
            ) : (
              !payCode && <p>{t('repayCode.missing')}</p>
            )}
            {payCode && (
              <>
                <p className="app-muted app-small">{t('repayCode.reference')}</p>
                <PayCodeLine code={payCode} />
              </>
            )}
            <ol>
              <li>{t('repayCode.scanTip1')}</li>
              <li>{qr ? t('repayCode.scanTip2') : t('repayCode.scanTip2NoQr')}</li>
              <li>{t('repayCode.scanTip3')}</li>
            </ol>
          </section>
        )}
        {storeSteps && channel && (
          <section className="h-card" aria-labelledby="rc-steps">
            <h2 id="rc-steps">{t('repayCode.storeSteps', { store: channel.name })}</h2>
            <ol>
              {storeSteps.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ol>
          </section>
        )}
        {payCode && <SandboxLink url={sandboxUrl} />}
      </main>
    </>
  );
}

import { useLocation, useSearchParams } from 'react-router';
import { formatMoney, parseCentavos } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { PageHeader } from '../../components/PageHeader';
import { isOwnPath, PayCodeLine, payCodePicture, SandboxLink, useOpenAtTop, type CodePageState } from './parts';

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
 * /repaymentOfCode?showType&payCode&repayAmount (centavos)&channel, with
 * payCodeImg (QR Ph's QR) or barcodeImg (a store code's Code 128).
 * showType 1: a copyable code, the channel's logo and, for a store, the
 * barcode for the cashier; otherwise the QR and scan-to-pay tips. The demo's
 * test page comes from the channel picker (history state), never the query.
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
  const sandboxUrl = (location.state as CodePageState | null)?.sandboxUrl;
  useOpenAtTop();

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
        {payCode && <SandboxLink url={sandboxUrl} />}
      </main>
    </>
  );
}

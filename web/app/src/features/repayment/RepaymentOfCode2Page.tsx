import { formatMoney } from '@hiram/shared/format/format';
import { t } from './payCodeTexts';
import { PageHeader } from '../../components/PageHeader';
import { PayCodeLine, payCodePicture, SandboxLink } from './parts';
import { readRepaymentInfo } from './storage';

/**
 * /repaymentOfCode2 (spec §2): the default pay code the repayment page stored
 * (the loan's standing code, which does not expire), with what it is, the
 * total, its barcode for a store's scanner, the pay-notice steps
 * grouped by title and, in the demo, its test payment page.
 */
export default function RepaymentOfCode2Page() {
  const info = readRepaymentInfo();
  const def = info?.defDetail;
  const barcode = payCodePicture(def?.barcodeImg);

  return (
    <>
      <PageHeader title={t('page.repaymentOfCode2')} />
      <main className="app-main">
        {!info || !def?.payCode ? (
          <section className="h-card">
            <p>{t('repayCode2.missing')}</p>
          </section>
        ) : (
          <>
            <section className="h-card" aria-labelledby="rc2-code">
              {/* The title beside it names the channel ("Your pay code at Cebuana…"). */}
              {def.logo && <img className="app-channel-banner" src={def.logo} alt={def.title ? '' : t('repayCode.channel')} />}
              <h2 id="rc2-code">{t('repayCode2.contract')}</h2>
              {def.title && <p>{def.title}</p>}
              <PayCodeLine code={def.payCode} />
              <p className="app-small app-muted">{t('repayCode2.standing')}</p>
              <dl>
                <div className="app-row">
                  <dt>{t('repayCode.amount')}</dt>
                  <dd>{formatMoney(info.repayAmount)}</dd>
                </div>
              </dl>
              {barcode && (
                <figure className="app-barcode">
                  <img src={barcode} alt={t('repayCode.barcode')} />
                  <figcaption className="app-muted">{t('repayCode.barcodeTip')}</figcaption>
                </figure>
              )}
            </section>
            {Object.entries(def.payNotice).map(([title, items], g) => (
              <section className="h-card" key={`${title}-${g}`} aria-labelledby={`rc2-g${g}`}>
                <h2 id={`rc2-g${g}`}>{title}</h2>
                {items.map((item, i) => (
                  <div key={`${item.name}-${i}`}>
                    <h3>{item.name}</h3>
                    <ol>
                      {item.steps.map((step, s) => (
                        <li key={s}>{step}</li>
                      ))}
                    </ol>
                  </div>
                ))}
              </section>
            ))}
            <SandboxLink url={def.sandboxUrl} />
          </>
        )}
      </main>
    </>
  );
}

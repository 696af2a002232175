import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { copyText } from '@hiram/shared/clipboard/copy';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { fillProductId, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { BottomSheet } from '@hiram/shared/ui/BottomSheet';
import { PageHeader } from '../../components/PageHeader';
import { isWebAddress, openExternal } from '../../lib/leave';
import { appLink } from '../../lib/links';
import { generatePayCode } from './api/generatePayCode';
import { useRepaymentInfo, type DetailRow, type RepayChannel, type RepaymentInfo } from './api/getRepaymentInfo';
import { storeRepaymentInfo } from './storage';

/** Detail rows shown while the list is folded (spec §9). */
export const FOLDED_ROWS = 2;

function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = open ? rows : rows.slice(0, FOLDED_ROWS);
  if (rows.length === 0) return null;
  return (
    <>
      <dl id={listId}>
        {shown.map((row, i) => (
          <div className="app-row" key={`${row.text}-${i}`}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {rows.length > FOLDED_ROWS && (
        <button
          type="button"
          className="h-link-btn app-more"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('repay.hide') : t('repay.more')}
        </button>
      )}
    </>
  );
}

function ChannelSheet({
  channels,
  selected,
  hint,
  busy,
  onSelect,
  onPay,
  onClose,
}: {
  channels: readonly RepayChannel[];
  selected: number;
  hint: string;
  busy: boolean;
  onSelect: (index: number) => void;
  onPay: () => void;
  onClose: () => void;
}) {
  const name = useId();
  return (
    <BottomSheet
      open
      title={t('repay.method')}
      onClose={onClose}
      actions={
        <button type="button" className="h-btn h-btn--block" disabled={busy || !channels[selected]} onClick={onPay}>
          {t('repay.pay')}
        </button>
      }
    >
      {channels.length === 0 ? (
        <p className="app-hint">{t('repay.noChannels')}</p>
      ) : (
        <fieldset className="app-choices">
          <legend className="app-visually-hidden">{t('repay.method')}</legend>
          {channels.map((channel, i) => (
            <label key={`${channel.channel_number}-${i}`} className="app-choice app-channel">
              <input
                type="radio"
                className="app-visually-hidden"
                name={name}
                value={channel.channel_number}
                checked={selected === i}
                onChange={() => onSelect(i)}
              />
              {channel.logo ? <img src={channel.logo} alt="" width={28} height={28} /> : <span className="app-channel-logo" />}
              <span className="app-channel-name">{channel.name}</span>
              <span className="app-channel-check" aria-hidden="true" data-checked={selected === i}>
                {selected === i ? '✓' : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="app-hint">{hint}</p>
    </BottomSheet>
  );
}

function PayCodeBox({ info }: { info: RepaymentInfo }) {
  const def = info.defDetail;
  if (!def?.payCode) return null;
  return (
    <section className="h-card" aria-labelledby="repay-code">
      <div className="app-product">
        {def.logo && <img src={def.logo} alt="" width={44} height={44} />}
        <h2 id="repay-code" className="app-product-name">
          {def.title || t('repay.payCode')}
        </h2>
      </div>
      <div className="app-code">
        <span>{def.payCode}</span>
        <button type="button" className="h-btn h-btn--ghost app-code-btn" onClick={() => void copyText(def.payCode)}>
          {t('common.copy')}
        </button>
      </div>
      <Link className="app-more" to={appLink('/repaymentOfCode2')}>
        {t('repay.viewSteps')}
      </Link>
    </section>
  );
}

/**
 * Installment repayment (spec §2, §4): what is owed and by when, the default
 * pay code, and a channel picker that issues a pay code for the amount due.
 */
export default function RepaymentByPeriodPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const productId = fillProductId(search).get('productId') ?? '';
  const orderId = search.get('orderId') ?? '';
  const { data: result } = useRepaymentInfo(productId, orderId);
  const info = result?.success ? result.data : null;
  const [sheetOpen, setSheetOpen] = useState(false);
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState(false);

  // /repaymentOfCode2 reads what this page loaded.
  useEffect(() => {
    if (info) storeRepaymentInfo(info);
  }, [info]);

  const pay = async () => {
    const channel = info?.repayList[selected];
    if (!info || !channel || busy) return;
    setBusy(true);
    const issued = await generatePayCode({
      productId,
      orderId,
      amount: info.repayAmount,
      channelNumber: channel.channel_number,
    });
    setBusy(false);
    const url = issued.success ? (issued.data?.payUrl ?? '') : '';
    if (!url) return; // the request helper has toasted the failure
    setSheetOpen(false);
    if (isWebAddress(url)) openExternal(url);
    else void navigate(withCarriedQuery(url));
  };

  return (
    <>
      <PageHeader title={t('page.repaymentByPeriod')} />
      {info && (
        <main className="app-main">
          <section className="h-card app-center" aria-labelledby="repay-due">
            <h2 id="repay-due" className="app-muted">
              {t('repay.amountDue')}
            </h2>
            <p className="app-amount">{formatMoney(info.repayAmount)}</p>
            <p className="app-muted">{t('repay.dueDate', { date: info.repayDate })}</p>
          </section>
          <section className="h-card">
            <div className="app-product">
              {info.productLogo && (
                <img src={info.productLogo} alt={t('loanDetails.productLogo', { name: info.productName })} width={44} height={44} />
              )}
              <h2 className="app-product-name">{info.productName}</h2>
            </div>
            <DetailList rows={info.detail} />
          </section>
          {info.isShowReyTop === 1 && (
            <Link className="h-card app-guide" to={appLink('/paymentInstructions')}>
              <span className="app-guide-icon" aria-hidden="true">
                ?
              </span>
              <span>{t('repay.guide')}</span>
            </Link>
          )}
          <PayCodeBox info={info} />
          <div className="app-buttons">
            <button type="button" className="h-btn h-btn--block" onClick={() => setSheetOpen(true)}>
              {t('repay.method')}
            </button>
          </div>
          {sheetOpen && (
            <ChannelSheet
              channels={info.repayList}
              selected={selected}
              hint={info.noticeMsg || t('repay.hint')}
              busy={busy}
              onSelect={setSelected}
              onPay={() => void pay()}
              onClose={() => setSheetOpen(false)}
            />
          )}
        </main>
      )}
    </>
  );
}

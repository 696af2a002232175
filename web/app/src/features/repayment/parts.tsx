// The parts the repayment pages share (spec §2): the installment page and the
// extension page have the same design, so they are built from these.
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApiResult } from '@hiram/shared/api/request';
import { copyText } from '@hiram/shared/clipboard/copy';
import { formatDay, formatMoney, groupPayCode, payCodeText } from '@hiram/shared/format/format';
import { t } from './texts';
import { withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { BottomSheet } from '@hiram/shared/ui/BottomSheet';
import { isWebAddress, openExternal } from '../../lib/leave';
import type { PayCodeIssued } from './api/generatePayCode';
import type { DetailRow, RepayChannel } from './api/getRepaymentInfo';

/**
 * A pay code in groups of four, in a monospace face on one line, with its
 * Copy button (which copies the code without the spaces).
 */
export function PayCodeLine({ code }: { code: string }) {
  return (
    <div className="app-code">
      <span className="app-code-text" translate="no">
        {groupPayCode(code)}
      </span>
      <button type="button" className="h-btn h-btn--ghost app-code-btn" onClick={() => void copyText(payCodeText(code))}>
        {t('common.copy')}
      </button>
    </div>
  );
}

/**
 * The server's signed addresses of a pay code's pictures
 * (`/pany/pay-codes/{code}/qr.png?until=…&sig=…` and `barcode.png`), which
 * work as given, with no session (decision 059).
 */
const PAY_CODE_PICTURE = /^\/pany\/pay-codes\/[0-9]{12}\/(qr|barcode)\.png\?until=[0-9]+&sig=[0-9a-f]{64}$/;

/**
 * The address to show a pay code's picture from, exactly as the server gave
 * it; null for anything else, so that a link someone crafted can never make
 * the page load another address.
 */
export function payCodePicture(url: string | null | undefined): string | null {
  return url && PAY_CODE_PICTURE.test(url) ? url : null;
}

/** A path on this server (`/sandbox/pay?code=…`), not another site's address. */
export function isOwnPath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * The demo's test payment page for a code (D8): shown only when the server
 * gave its address (`sandboxUrl`, set only while the sandbox is on), and
 * saying plainly that it is a test.
 */
export function SandboxLink({ url }: { url: string | null | undefined }) {
  const id = useId();
  if (!isOwnPath(url)) return null;
  return (
    <section className="h-card app-sandbox" aria-labelledby={id}>
      <h2 id={id}>{t('repayCode.sandboxTitle')}</h2>
      <p className="app-muted">{t('repayCode.sandboxText')}</p>
      {/* Served by the server, outside the app: a plain link, not the router. */}
      <a className="h-btn h-btn--ghost h-btn--block" href={url}>
        {t('repayCode.sandboxLink')}
      </a>
    </section>
  );
}

/**
 * What the channel picker hands the code page besides the query, from the
 * pay code's reply: the demo's test page, if any, and when the code stops
 * working (RFC 3339; absent when the reply gave none).
 */
export interface CodePageState {
  sandboxUrl?: string;
  expiresAt?: string;
}

/** Detail rows shown while the list is folded (spec §9). */
export const FOLDED_ROWS = 2;

export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
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
            {/* A day comes as 2026-11-28 and reads as the borrower reads one; other text stays. */}
            <dd>{formatDay(row.value)}</dd>
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

/**
 * What is paid now, large and centred, and right under it what it is made
 * of (`breakdown`, each part with its label, when the page knows it), then
 * the date that goes with it.
 */
export function AmountCard({
  label,
  amount,
  note,
  breakdown = [],
  children,
}: {
  label: string;
  amount: number;
  note: string;
  breakdown?: readonly DetailRow[];
  /** What explains the amount further (the payoff's interest to its day). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="h-card app-center" aria-labelledby={id}>
      <h2 id={id} className="app-muted">
        {label}
      </h2>
      <p className="app-amount">{formatMoney(amount)}</p>
      {breakdown.length > 0 && (
        <dl className="app-breakdown" aria-label={t('repay.madeOf')}>
          {breakdown.map((row, i) => (
            <div className="app-row" key={`${row.text}-${i}`}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="app-muted">{note}</p>
      {children}
    </section>
  );
}

/** The product's logo and name over its folded detail list. */
export function ProductDetails({ logo, name, rows }: { logo: string; name: string; rows: readonly DetailRow[] }) {
  return (
    <section className="h-card">
      <div className="app-product">
        {logo && <img src={logo} alt={t('loanDetails.productLogo', { name })} width={44} height={44} />}
        <h2 className="app-product-name">{name}</h2>
      </div>
      <DetailList rows={rows} />
    </section>
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

/**
 * The Payment Method button and its channel picker. Payment asks `issue` for a
 * pay code through the chosen channel, then goes to its payUrl: in the app, or
 * out of it for a web address. A failure leaves the picker open (the request
 * helper has toasted it).
 */
export function PaymentMethod({
  channels,
  hint,
  issue,
}: {
  channels: readonly RepayChannel[];
  hint: string;
  issue: (channel: RepayChannel) => Promise<ApiResult<PayCodeIssued>>;
}) {
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    const channel = channels[selected];
    if (!channel || busy) return;
    setBusy(true);
    const issued = await issue(channel);
    setBusy(false);
    const url = issued.success ? (issued.data?.payUrl ?? '') : '';
    if (!url) return;
    setSheetOpen(false);
    if (isWebAddress(url)) openExternal(url);
    else {
      // The code page's query is the specification's; the test page's
      // address and the code's expiry ride along in the history entry (it
      // survives a reload).
      const data = issued.success ? issued.data : null;
      const state: CodePageState = { sandboxUrl: data?.sandboxUrl, expiresAt: data?.expiresAt || undefined };
      void navigate(withCarriedQuery(url), { state });
    }
  };

  return (
    <>
      <div className="app-buttons">
        <button type="button" className="h-btn h-btn--block" onClick={() => setSheetOpen(true)}>
          {t('repay.method')}
        </button>
      </div>
      {sheetOpen && (
        <ChannelSheet
          channels={channels}
          selected={selected}
          hint={hint}
          busy={busy}
          onSelect={setSelected}
          onPay={() => void pay()}
          onClose={() => setSheetOpen(false)}
        />
      )}
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { ApiResult } from '@hiram/shared/api/request';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatMoney, formatPhone } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { pictureUrl, revealBorrower, reviewIdentity, useBorrower, useBorrowerSearch, type Me, type RevealedData } from '../api';
import { orderStatusLabel } from '../labels';
import { Facts, FormDialog, PageHead, Pager, ReasonField, RoleNote } from '../parts';
import { maskedPhone } from '../phone';
import { refusedField } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable, RowButton } from '../table';

const PAGE_SIZE = 25;
/** The borrower an address asks to open (`/console/borrowers?id=9`). */
function linkedBorrower(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Asks why before an act the audit log keeps with its reason; the reason
 * stays as typed and a refusal of it shows beside it.
 */
function ReasonDialog<Sent extends ApiResult<unknown>>({ title, text, submitLabel, send, onClose, onDone }: {
  title: string;
  text: string;
  submitLabel: string;
  send: (reason: string) => Promise<Sent>;
  onClose: () => void;
  onDone: (result: Sent) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await send(reason.trim());
    setBusy(false);
    if (result.success) onDone(result);
    else if (refusedField(result) === 'reason') setError(result.message || t('console.orders.reasonNeeded'));
  }

  return (
    <FormDialog title={title} submitLabel={submitLabel} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <p>{text}</p>
      <ReasonField
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
    </FormDialog>
  );
}

type Profile = NonNullable<ReturnType<typeof useBorrower>['data']>;

/**
 * The identity photos' review (decision 092): where it stands, and for a
 * credit officer, approve or reject with a reason while there are photos
 * to judge.
 */
function IdentityReview({ data, me }: { data: Profile; me: Me }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const review = data.identityReview;
  const hasPhotos = ['id_photo', 'selfie'].every((code) => data.kyc.some((answer) => answer.code === code));
  const canReview = me.permissions.includes(PERMISSION.decideApplications) && hasPhotos;
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['borrowers', 'profile', data.id] });

  async function approve() {
    setBusy(true);
    const result = await reviewIdentity(data.id, 'approved', '');
    setBusy(false);
    if (result.success) reload();
  }

  const standing = !review
    ? t('console.identity.notReviewed')
    : t(review.outcome === 'approved' ? 'console.identity.approvedBy' : 'console.identity.rejectedBy', {
        name: review.reviewer || t('console.identity.apiToken'),
        at: formatDateTime(review.at),
      });
  return (
    <section aria-labelledby="c-identity-title">
      <h3 id="c-identity-title" className="c-sub">
        {t('console.identity.title')}
      </h3>
      <p data-testid="identity-standing">{standing}</p>
      {review?.outcome === 'rejected' && review.reason && <p className="c-muted">{review.reason}</p>}
      {!hasPhotos && <p className="c-muted">{t('console.identity.noPhotos')}</p>}
      {canReview && (
        <div className="c-form-row">
          <button type="button" className="h-btn c-btn" disabled={busy} onClick={() => void approve()}>
            {t('console.identity.approve')}
          </button>
          <button type="button" className="h-btn h-btn--ghost c-btn" disabled={busy} onClick={() => setRejecting(true)}>
            {t('console.identity.reject')}
          </button>
        </div>
      )}
      <RoleNote me={me} permission="decide_applications" />
      {rejecting && (
        // Rejecting asks why: the borrower reads the reason and takes new photos.
        <ReasonDialog
          title={t('console.identity.rejectTitle')}
          text={t('console.identity.rejectText')}
          submitLabel={t('console.identity.reject')}
          send={(reason) => reviewIdentity(data.id, 'rejected', reason)}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            reload();
          }}
        />
      )}
    </section>
  );
}

/** A borrower's profile: KYC masked until revealed, consents, orders. */
/**
 * One KYC answer: the ID photo and the selfie (decision 088) as the pictures
 * themselves, beside the ID number in review, each opening full size; any
 * other answer as its text.
 */
function KycAnswer({ answer }: { answer: RevealedData['kyc'][number] }) {
  if (!answer.value.startsWith('/pany/uploads/')) return <>{answer.value}</>;
  const address = pictureUrl(answer.value);
  return (
    <a href={address} target="_blank" rel="noreferrer">
      <img className="c-kyc-photo" src={address} alt={answer.code} />
    </a>
  );
}

function BorrowerPanel({ id, me }: { id: number; me: Me }) {
  const data = useBorrower(id).data;
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<RevealedData | null>(null);
  if (!data) {
    return (
      <aside className="c-panel c-panel--empty" aria-label={t('console.borrowers.panel')}>
        <p className="c-muted">{t('common.loading')}</p>
      </aside>
    );
  }
  const canReveal = me.permissions.includes(PERMISSION.revealPersonalData);
  const kyc = revealed?.kyc ?? data.kyc;
  return (
    <aside className="c-panel" aria-label={t('console.borrowers.panel')}>
      <div className="c-panel-head">
        <h2>{data.name || `#${data.id}`}</h2>
      </div>
      <Facts
        items={[
          // Whole only once revealed, with a reason the audit log keeps.
          [t('console.col.phone'), revealed ? formatPhone(revealed.phone) : maskedPhone(data.phone)],
          [t('console.borrowers.registered'), formatDateTime(data.registeredAt)],
          [t('console.orders.account'), data.payoutAccount ?? '—'],
        ]}
      />
      <div className="c-form-row">
        <h3 className="c-sub">{t('console.borrowers.kyc')}</h3>
        {canReveal && !revealed && (
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={() => setAsking(true)}>
            {t('console.borrowers.reveal')}
          </button>
        )}
      </div>
      <RoleNote me={me} permission="reveal_personal_data" />
      {kyc.length === 0 ? (
        <p className="c-muted">{t('console.empty')}</p>
      ) : (
        <Facts items={kyc.map((answer) => [`${answer.section} · ${answer.code}`, <KycAnswer key={answer.code} answer={answer} />] as const)} />
      )}
      <IdentityReview data={data} me={me} />
      <h3 className="c-sub">{t('console.borrowers.consents')}</h3>
      {data.consents.length === 0 ? (
        <p className="c-muted">{t('console.empty')}</p>
      ) : (
        <Facts
          items={data.consents.map(
            (consent) => [consent.kind, `${t(consent.granted ? 'console.borrowers.granted' : 'console.borrowers.withdrawn')} · ${formatDateTime(consent.at)}`] as const,
          )}
        />
      )}
      <h3 className="c-sub">{t('console.section.orders')}</h3>
      <ul className="c-steps">
        {data.orders.map((order) => (
          <li key={order.id}>
            <Link to={`/orders?id=${order.id}`}>{order.orderNo}</Link> · {orderStatusLabel(order.status)} · {formatMoney(order.principal, '₱')}
          </li>
        ))}
      </ul>
      {asking && (
        // The server logs the reason before it shows anything.
        <ReasonDialog
          title={t('console.borrowers.revealTitle')}
          text={t('console.borrowers.revealText')}
          submitLabel={t('console.borrowers.reveal')}
          send={(reason) => revealBorrower(data.id, reason)}
          onClose={() => setAsking(false)}
          onDone={(result) => {
            if (result.success && result.data) setRevealed(result.data);
            setAsking(false);
          }}
        />
      )}
    </aside>
  );
}

/**
 * Every borrower, newest first, a page at a time; a search by mobile number
 * or name narrows the list, and a row opens the profile.
 */
export function BorrowersPage({ me }: { me: Me }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => linkedBorrower(params));
  const results = useBorrowerSearch(query, page, PAGE_SIZE);
  const found = results.data;

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  }

  function showAll() {
    setTyped('');
    setQuery('');
    setPage(1);
  }

  return (
    <section className="c-page" aria-labelledby="c-borrowers-title">
      <PageHead id="c-borrowers-title" title={t('console.section.borrowers')}>
        <form className="c-inline-form" role="search" onSubmit={search}>
          <label htmlFor="c-borrower-q">{t('console.borrowers.search')}</label>
          <input id="c-borrower-q" className="c-input" value={typed} maxLength={80} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="h-btn h-btn--ghost c-btn">
            {t('console.search')}
          </button>
        </form>
        {query && (
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={showAll}>
            {t('console.borrowers.clear')}
          </button>
        )}
      </PageHead>
      {!query && <p className="c-note">{t('console.borrowers.newest')}</p>}
      <div className={chosen ? 'c-split' : undefined}>
        <div>
          <DataTable
            labelledBy="c-borrowers-title"
            className="c-table--rows"
            rows={found?.rows ?? []}
            rowKey={(row) => row.id}
            loading={results.isFetching}
            rowProps={(row) => ({ className: row.id === chosen ? 'is-chosen' : undefined, onClick: () => setChosen(row.id) })}
            columns={[
              { header: t('console.col.id'), cell: (row) => `#${row.id}` },
              {
                header: t('console.col.borrower'),
                cell: (row) => (
                  <RowButton onClick={() => setChosen(row.id)}>{row.name || t('console.borrowers.noName')}</RowButton>
                ),
              },
              { header: t('console.col.phone'), className: 'c-nowrap', cell: (row) => maskedPhone(row.phone) },
              { header: t('console.borrowers.registered'), className: 'c-nowrap', cell: (row) => formatDateTime(row.registeredAt) },
            ]}
          />
          {found && <Pager page={found.page} pageSize={found.pageSize} total={found.total} onPage={setPage} />}
        </div>
        {chosen && <BorrowerPanel key={chosen} id={chosen} me={me} />}
      </div>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { COMPLAINTS_KEY, useComplaints, useRatings, type ComplaintStatusFilter, type InboxEntry, type Me } from '../api';
import { csvName, downloadCsv, toCsv } from '../csv';
import { statusLabel } from '../labels';
import { PageHead, Pager, RefreshButton, SelectFilter } from '../parts';
import { maskedPhone } from '../phone';
import { PERMISSION } from '../sections';
import { ComplaintPanel } from './ComplaintPanel';
import { ComplaintsTable } from './ComplaintsTable';
import { RatingsTable } from './RatingsTable';

const FILTERS: readonly ComplaintStatusFilter[] = ['open', 'answered', 'closed', 'all'];

function exportComplaints(entries: readonly InboxEntry[]) {
  const header = [
    'id', 'reference', 'filedAt', 'dueAt', 'workingDaysLeft', 'late', 'status', 'problemType', 'subType',
    'borrowerId', 'phone', 'orderNo', 'detail', 'assignee', 'answer', 'score', 'callbackRequestedAt',
  ];
  const rows = entries.map((e) => [
    e.id, e.reference, formatDateTime(e.filedAt), formatDateTime(e.dueAt), e.workingDaysLeft, e.late ? 'yes' : 'no', e.status,
    e.problemType, e.subType, e.borrowerId, maskedPhone(e.phone), e.orderNo, e.detail, e.assignee, e.answer, e.score ?? '',
    e.callbackRequestedAt ? formatDateTime(e.callbackRequestedAt) : '',
  ]);
  downloadCsv(csvName('complaints'), toCsv(header, rows));
}

/**
 * Customer care's inbox: complaints, the most urgent first (the server
 * orders them by the time the answer is due, a call back's once asked for),
 * a page at a time with a status filter, or the one a borrower's complaint
 * number names; the chosen one with its pictures, and, while open, the
 * answer form for those who may answer. Under it, borrowers' ratings per
 * agent.
 */
export function ComplaintsPage({ me }: { me: Me }) {
  const [status, setStatus] = useState<ComplaintStatusFilter>('open');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<InboxEntry | null>(null);
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState('');
  const queryClient = useQueryClient();
  const list = useComplaints(status, page, reference);
  const ratings = useRatings();
  const canAnswer = me.permissions.includes(PERMISSION.answerComplaints);
  const entries = list.data?.rows ?? [];
  // The list's copy once it is fresh; until then (and once the filter drops
  // it) the one chosen, as this page last changed it.
  const fresh = list.isFetching || !chosen ? undefined : entries.find((entry) => entry.id === chosen.id);
  const shown = fresh ?? chosen;

  function changed(next: InboxEntry) {
    setChosen(next);
    // The inbox and the agents' ratings both change with an answer or a close.
    void queryClient.invalidateQueries({ queryKey: [COMPLAINTS_KEY] });
  }

  function find(event: FormEvent) {
    event.preventDefault();
    setReference(typed.trim());
    setPage(1);
  }

  function showAll() {
    setTyped('');
    setReference('');
    setPage(1);
  }

  return (
    <section className="c-page" aria-labelledby="c-complaints-title">
      <PageHead id="c-complaints-title" title={t('console.section.complaints')}>
        <form className="c-inline-form" role="search" onSubmit={find}>
          <label htmlFor="c-complaint-ref">{t('console.complaints.find')}</label>
          <input
            id="c-complaint-ref"
            className="c-input"
            value={typed}
            maxLength={40}
            placeholder="HC-0001234"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="h-btn h-btn--ghost c-btn">
            {t('console.search')}
          </button>
        </form>
        {reference && (
          <button type="button" className="h-btn h-btn--ghost c-btn" onClick={showAll}>
            {t('console.complaints.showAll')}
          </button>
        )}
        <SelectFilter
          label={t('console.status')}
          value={status}
          choices={FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <button
          type="button"
          className="h-btn h-btn--ghost c-btn"
          disabled={entries.length === 0}
          onClick={() => exportComplaints(entries)}
        >
          {t('console.exportCsv')}
        </button>
      </PageHead>
      <p className="c-note">{t('console.complaints.dueRule')}</p>
      <div className="c-split">
        <div>
          <ComplaintsTable entries={entries} loading={list.isFetching} chosenId={shown?.id} onChoose={setChosen} />
          {list.data && <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
        </div>
        <ComplaintPanel entry={shown} canAnswer={canAnswer} me={me} onChanged={changed} />
      </div>
      <RatingsTable ratings={ratings.data ?? []} loading={ratings.isFetching} />
    </section>
  );
}

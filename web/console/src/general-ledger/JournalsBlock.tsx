import { useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney, parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { FormDialog, RoleNote } from '../parts';
import { Decision, ProposalsHead, useProposals } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, decideJournal, proposeJournal, reverseJournal, useChart, useJournals, type ChartAccount, type Journal } from './api';

const peso = (centavos: number) => formatMoney(centavos, '₱');

interface LineDraft {
  code: string;
  side: 'debit' | 'credit';
  pesos: string;
}

const emptyLine = (side: LineDraft['side']): LineDraft => ({ code: '', side, pesos: '' });

/** A journal's lines in one cell: "Dr 5100 ₱1,500.00 · Cr 1290 ₱1,500.00". */
const linesText = (journal: Journal) =>
  journal.lines.map((line) => `${t(line.side === 'debit' ? 'console.journals.dr' : 'console.journals.cr')} ${line.code} ${peso(line.amount)}`).join(' · ');

function ProposeDialog({ lenderId, accounts, onClose, onProposed }: { lenderId: number; accounts: ChartAccount[]; onClose: () => void; onProposed: () => void }) {
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([emptyLine('debit'), emptyLine('credit')]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const setLine = (index: number, change: Partial<LineDraft>) => setLines(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const centavos = lines.map((line) => parseHundredths(line.pesos) ?? 0);
  const total = (side: LineDraft['side']) => lines.reduce((sum, line, at) => (line.side === side ? sum + centavos[at]! : sum), 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const sent = lines.map((line, at) => ({ code: line.code, side: line.side, amount: centavos[at]! }));
    const result = await proposeJournal({ lenderId: String(lenderId), memo, lines: JSON.stringify(sent) });
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.journals.proposed'));
    onProposed();
  }

  return (
    <FormDialog title={t('console.journals.propose')} submitLabel={t('console.journals.propose')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.journals.memo')} maxLength={500} value={memo} error={besideField(refusal, 'memo')} onChange={(e) => setMemo(e.target.value)} />
      <fieldset className="c-fieldset" aria-describedby={refusal?.field === 'lines' ? 'c-journal-refused' : undefined}>
        <legend>{t('console.journals.lines')}</legend>
        {lines.map((line, index) => (
          <div className="c-tools" key={index}>
            <label className="c-visually-hidden" htmlFor={`c-journal-account-${index}`}>
              {t('console.journals.lineAccount', { n: index + 1 })}
            </label>
            <select id={`c-journal-account-${index}`} className="h-input" value={line.code} onChange={(e) => setLine(index, { code: e.target.value })}>
              <option value="">{t('console.journals.pickAccount')}</option>
              {accounts.map((account) => (
                <option key={account.code} value={account.code}>
                  {account.code} {account.name}
                </option>
              ))}
            </select>
            <label className="c-visually-hidden" htmlFor={`c-journal-side-${index}`}>
              {t('console.journals.lineSide', { n: index + 1 })}
            </label>
            <select id={`c-journal-side-${index}`} className="h-input" value={line.side} onChange={(e) => setLine(index, { side: e.target.value === 'credit' ? 'credit' : 'debit' })}>
              <option value="debit">{t('console.books.debit')}</option>
              <option value="credit">{t('console.books.credit')}</option>
            </select>
            <label className="c-visually-hidden" htmlFor={`c-journal-amount-${index}`}>
              {t('console.journals.lineAmount', { n: index + 1 })}
            </label>
            <input id={`c-journal-amount-${index}`} className="h-input" inputMode="decimal" value={line.pesos} onChange={(e) => setLine(index, { pesos: e.target.value })} />
          </div>
        ))}
        <button type="button" className="h-btn h-btn--ghost c-btn" disabled={lines.length >= 20} onClick={() => setLines([...lines, emptyLine('debit')])}>
          {t('console.journals.addLine')}
        </button>
        <p className="c-small" data-testid="journal-totals">
          {t('console.books.totals', { debit: peso(total('debit')), credit: peso(total('credit')) })}
        </p>
        {refusal?.field === 'lines' && (
          <p id="c-journal-refused" className="h-error" role="alert">
            {refusal.text}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}

/** A lender's journals: one member proposes, another approves into the books or rejects; no one decides their own. */
export function JournalsBlock({ me, lenderId }: { me: Me; lenderId: number }) {
  const journals = useJournals(lenderId);
  const chart = useChart();
  const block = useProposals(me, {
    propose: PERMISSION.proposeJournals,
    approve: PERMISSION.approveJournals,
    queryKey: [BOOKS_KEY],
    send: decideJournal,
    decided: (approved) => t(approved ? 'console.journals.approved' : 'console.journals.rejected'),
  });
  const { canPropose, canDecide } = block;
  // Accounts a loan event moves are not for journals.
  const accounts = (chart.data ?? []).filter((account) => !account.control);

  // A member's posted journal with no reversal waiting or posted among those listed.
  const reversible = (journal: Journal) =>
    journal.status === 'posted' &&
    !journal.provisionDay &&
    !(journals.data ?? []).some((other) => other.reverses === journal.id && other.status !== 'rejected');

  async function reverse(journal: Journal) {
    const result = await reverseJournal(journal.id);
    if (!result.success) return;
    showToast(t('console.journals.reversalProposed'));
    block.refresh();
  }

  return (
    <section aria-labelledby="c-journals-title" className="c-block">
      <ProposalsHead id="c-journals-title" title={t('console.journals.title')} proposeLabel={t('console.journals.propose')} canPropose={canPropose} onPropose={block.open} />
      <RoleNote me={me} permission="approve_journals" />
      <DataTable
        labelledBy="c-journals-title"
        rows={journals.data ?? []}
        rowKey={(journal) => journal.id}
        loading={journals.isFetching}
        columns={[
          { header: t('console.col.id'), cell: (journal) => `#${journal.id}` },
          { header: t('console.col.when'), className: 'c-nowrap', cell: (journal) => formatDateTime(journal.proposedAt) },
          { header: t('console.journals.memo'), className: 'c-text', cell: (journal) => journal.memo },
          { header: t('console.journals.lines'), className: 'c-small', cell: linesText },
          { header: t('console.col.amount'), num: true, className: 'c-nowrap', cell: (journal) => peso(journal.total) },
          { header: t('console.col.status'), cell: (journal) => t(`console.journals.status.${journal.status === 'posted' || journal.status === 'rejected' ? journal.status : 'proposed'}`) },
          (canDecide || canPropose) && {
            header: t('console.col.actions'),
            className: 'c-nowrap',
            cell: (journal) =>
              canPropose && reversible(journal) ? (
                <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.journals.reverseTitle', { id: journal.id })} onClick={() => void reverse(journal)}>
                  {t('console.journals.reverse')}
                </button>
              ) : canDecide ? (
                <Decision
                  row={journal}
                  me={me}
                  approveLabel={(row) => t('console.journals.approveTitle', { id: row.id })}
                  rejectLabel={(row) => t('console.journals.rejectTitle', { id: row.id })}
                  onApprove={(row) => void block.decide(row.id, true)}
                  onReject={(row) => void block.decide(row.id, false)}
                />
              ) : null,
          },
        ]}
      />
      {block.proposing && <ProposeDialog lenderId={lenderId} accounts={accounts} onClose={block.close} onProposed={block.proposed} />}
    </section>
  );
}

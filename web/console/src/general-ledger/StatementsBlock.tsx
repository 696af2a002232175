import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { FormDialog, ReasonField, RoleNote } from '../parts';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, fetchStatement, importStatement, resolveStatementItem, useStatementWorklist, useStatements, type StatementForm, type StatementItem } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;
const PROVIDERS = ['xendit', 'sandbox'] as const;
const peso = (centavos: number | null | undefined) => (centavos === null || centavos === undefined ? '—' : formatMoney(centavos, '₱'));
const KINDS = ['matched', 'amount_differs', 'duplicated', 'missing_in_books', 'missing_at_provider'] as const;
const kindLabel = (kind: string) => t(`console.statements.kind.${(KINDS as readonly string[]).includes(kind) ? kind : 'matched'}` as `console.statements.kind.${(typeof KINDS)[number]}`);

function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [form, setForm] = useState<StatementForm>(() => ({ provider: 'xendit', date: formatDate(Date.now() - DAY_MS), csv: '' }));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const csvId = useId();
  const set = (field: keyof StatementForm, value: string) => setForm({ ...form, [field]: value });

  async function bringIn(asked: ReturnType<typeof importStatement>) {
    setBusy(true);
    const result = await asked;
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.statements.imported'));
    onImported();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void bringIn(importStatement(form));
  }

  return (
    <FormDialog title={t('console.statements.import')} submitLabel={t('console.statements.import')} busy={busy} onClose={onClose} onSubmit={submit}>
      <div className="h-field">
        <label htmlFor="c-statement-provider">{t('console.statements.provider')}</label>
        <select id="c-statement-provider" className="h-input" value={form.provider} onChange={(e) => set('provider', e.target.value)}>
          {PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {provider}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('console.statements.day')} type="date" value={form.date} error={besideField(refusal, 'date')} onChange={(e) => set('date', e.target.value)} />
      <p className="c-note">{t('console.statements.fetchNote')}</p>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={busy} onClick={() => void bringIn(fetchStatement(form.provider, form.date))}>
        {t('console.statements.fetch', { provider: form.provider })}
      </button>
      <Field
        label={t('console.statements.file')}
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void e.target.files?.[0]?.text().then((text) => setForm((current) => ({ ...current, csv: text })))}
      />
      <label className="c-label" htmlFor={csvId}>
        {t('console.statements.csv')}
      </label>
      <textarea
        id={csvId}
        className="h-input c-textarea"
        value={form.csv}
        aria-invalid={refusal?.field === 'csv' ? true : undefined}
        aria-describedby={refusal?.field === 'csv' ? `${csvId}-error` : undefined}
        onChange={(e) => set('csv', e.target.value)}
      />
      {refusal && refusal.field !== 'date' && (
        <p id={`${csvId}-error`} className="h-error" role="alert">
          {refusal.text}
        </p>
      )}
    </FormDialog>
  );
}

function ResolveDialog({ item, onClose, onResolved }: { item: StatementItem; onClose: () => void; onResolved: () => void }) {
  const [resolution, setResolution] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await resolveStatementItem(item.id, resolution);
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.statements.resolved'));
    onResolved();
  }

  return (
    <FormDialog title={t('console.statements.resolveTitle', { reference: item.reference })} submitLabel={t('console.statements.resolve')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <p className="c-small">
        {kindLabel(item.kind)} · {t('console.statements.providerSays', { amount: peso(item.providerAmount) })} · {t('console.statements.booksSay', { amount: peso(item.booksAmount) })}
      </p>
      <ReasonField value={resolution} error={refusal?.text ?? ''} onChange={setResolution} />
    </FormDialog>
  );
}

/**
 * The providers' statements (decision 074): finance brings in a provider's
 * statement of a day, matched line by line against the books; what does not
 * match waits below, for this lender, until resolved with what was found.
 */
export function StatementsBlock({ me, lenderId }: { me: Me; lenderId: number }) {
  const [importing, setImporting] = useState(false);
  const [resolving, setResolving] = useState<StatementItem | null>(null);
  const queryClient = useQueryClient();
  const statements = useStatements();
  const worklist = useStatementWorklist(lenderId);
  const canReconcile = me.permissions.includes(PERMISSION.reconcileStatements);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [BOOKS_KEY] });

  return (
    <section aria-labelledby="c-statements-title" className="c-block">
      <div className="c-head">
        <h2 id="c-statements-title">{t('console.statements.title')}</h2>
        {canReconcile && (
          <button type="button" className="h-btn c-btn" onClick={() => setImporting(true)}>
            {t('console.statements.import')}
          </button>
        )}
      </div>
      <RoleNote me={me} permission="reconcile_statements" />
      <DataTable
        labelledBy="c-statements-title"
        rows={statements.data ?? []}
        rowKey={(statement) => statement.id}
        loading={statements.isFetching}
        columns={[
          { header: t('console.statements.day'), className: 'c-nowrap', cell: (statement) => formatDate(statement.day) },
          { header: t('console.statements.provider'), cell: (statement) => statement.provider },
          { header: t('console.col.when'), className: 'c-nowrap', cell: (statement) => formatDateTime(statement.importedAt) },
          { header: t('console.statements.lines'), num: true, cell: (statement) => String(statement.lines) },
          { header: t('console.statements.matched'), num: true, cell: (statement) => String(statement.matched) },
          { header: t('console.statements.open'), num: true, cell: (statement) => String(statement.open) },
        ]}
      />
      <h3 id="c-worklist-title" className="c-sub">
        {t('console.statements.worklist')}
      </h3>
      <DataTable
        labelledBy="c-worklist-title"
        rows={worklist.data ?? []}
        rowKey={(item) => item.id}
        loading={worklist.isFetching}
        columns={[
          { header: t('console.statements.day'), className: 'c-nowrap', cell: (item) => `${formatDate(item.day)} · ${item.provider}` },
          { header: t('console.statements.reference'), cell: (item) => item.reference },
          { header: t('console.statements.kind'), cell: (item) => kindLabel(item.kind) },
          { header: t('console.statements.providerAmount'), num: true, className: 'c-nowrap', cell: (item) => peso(item.providerAmount) },
          { header: t('console.statements.booksAmount'), num: true, className: 'c-nowrap', cell: (item) => peso(item.booksAmount) },
          { header: t('console.statements.fee'), num: true, className: 'c-nowrap', cell: (item) => peso(item.fee) },
          canReconcile && {
            header: t('console.col.actions'),
            className: 'c-nowrap',
            cell: (item) => (
              <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.statements.resolveTitle', { reference: item.reference })} onClick={() => setResolving(item)}>
                {t('console.statements.resolve')}
              </button>
            ),
          },
        ]}
      />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            refresh();
          }}
        />
      )}
      {resolving && (
        <ResolveDialog
          item={resolving}
          onClose={() => setResolving(null)}
          onResolved={() => {
            setResolving(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}

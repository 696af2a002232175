import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate, formatDateTime } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { FormDialog, RoleNote } from '../parts';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, closeBooks, useBooksCloses, type CloseForm } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;

function CloseDialog({ lenderId, onClose, onClosed }: { lenderId: number; onClose: () => void; onClosed: () => void }) {
  const [form, setForm] = useState<CloseForm>(() => ({ lenderId: String(lenderId), period: 'day', date: formatDate(Date.now() - DAY_MS), note: '', overrideUnmatched: '' }));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof CloseForm, value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await closeBooks(form);
    setBusy(false);
    if (!result.success || !result.data) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.books.closedThrough', { date: formatDate(result.data.close.through) }));
    onClosed();
  }

  return (
    <FormDialog title={t('console.books.close')} submitLabel={t('console.books.close')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <div className="h-field">
        <label htmlFor="c-close-period">{t('console.books.closePeriod')}</label>
        <select id="c-close-period" className="h-input" value={form.period} onChange={(e) => set('period', e.target.value)}>
          <option value="day">{t('console.books.closeDay')}</option>
          <option value="month">{t('console.books.closeMonth')}</option>
        </select>
      </div>
      <Field
        label={t('console.books.closeDate')}
        hint={t(form.period === 'month' ? 'console.books.closeMonthHint' : 'console.books.closeDayHint')}
        type="date"
        value={form.date}
        error={besideField(refusal, 'date')}
        onChange={(e) => set('date', e.target.value)}
      />
      <Field label={t('console.books.closeNote')} maxLength={500} value={form.note} error={besideField(refusal, 'note')} onChange={(e) => set('note', e.target.value)} />
      {(refusal?.field === 'overrideUnmatched' || form.overrideUnmatched) && (
        <>
          {refusal?.field === 'overrideUnmatched' && (
            <p className="h-error" role="alert">
              {refusal.text}
            </p>
          )}
          <label className="c-check">
            <input type="checkbox" checked={form.overrideUnmatched === 'true'} onChange={(e) => set('overrideUnmatched', e.target.checked ? 'true' : '')} />
            {t('console.books.overrideUnmatched')}
          </label>
        </>
      )}
    </FormDialog>
  );
}

/** Through which day a lender's books are closed, who closed them, and (for finance) the close itself. */
export function BooksCloseBlock({ me, lenderId }: { me: Me; lenderId: number }) {
  const [closing, setClosing] = useState(false);
  const queryClient = useQueryClient();
  const closes = useBooksCloses(lenderId);
  const through = closes.data?.closedThrough;
  const canClose = me.permissions.includes(PERMISSION.closeBooks);

  return (
    <section aria-labelledby="c-close-title" className="c-block">
      <div className="c-head">
        <h2 id="c-close-title">{t('console.books.closes')}</h2>
        {canClose && (
          <button type="button" className="h-btn c-btn" onClick={() => setClosing(true)}>
            {t('console.books.close')}
          </button>
        )}
      </div>
      <RoleNote me={me} permission="close_books" />
      <p className="c-muted c-small" data-testid="closed-through">
        {through ? t('console.books.closedThroughNote', { date: formatDate(through) }) : t('console.books.nothingClosed')}
      </p>
      <DataTable
        labelledBy="c-close-title"
        rows={closes.data?.closes ?? []}
        rowKey={(close) => close.through}
        loading={closes.isFetching}
        columns={[
          { header: t('console.books.closedTo'), className: 'c-nowrap', cell: (close) => formatDate(close.through) },
          { header: t('console.books.closePeriod'), cell: (close) => t(close.period === 'month' ? 'console.books.closeMonth' : 'console.books.closeDay') },
          { header: t('console.books.closedAt'), className: 'c-nowrap', cell: (close) => formatDateTime(close.closedAt) },
          { header: t('console.books.closeNote'), className: 'c-text', cell: (close) => close.note ?? '' },
        ]}
      />
      {closing && (
        <CloseDialog
          lenderId={lenderId}
          onClose={() => setClosing(false)}
          onClosed={() => {
            setClosing(false);
            void queryClient.invalidateQueries({ queryKey: [BOOKS_KEY] });
          }}
        />
      )}
    </section>
  );
}

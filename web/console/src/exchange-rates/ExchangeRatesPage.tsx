import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatDate } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';
import { FormDialog, PageHead, RefreshButton, RoleNote } from '../parts';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { addRate, RATES_KEY, useRates, type RateForm } from './api';

function AddRateDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<RateForm>(() => ({ currency: '', rate: '', effectiveOn: formatDate(Date.now()), source: '' }));
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: keyof RateForm) => (refused === field ? t(`console.rates.refused.${field}`) : undefined);
  const set = (field: keyof RateForm, value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await addRate(form);
    setBusy(false);
    if (!result.success) {
      setRefused(refusedField(result));
      return;
    }
    showToast(t('console.rates.added'));
    onSaved();
  }

  return (
    <FormDialog title={t('console.rates.add')} submitLabel={t('console.rates.add')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.rates.currency')} hint={t('console.rates.currencyHint')} maxLength={3} value={form.currency} error={error('currency')} onChange={(e) => set('currency', e.target.value.toUpperCase())} />
      <Field label={t('console.rates.rate')} hint={t('console.rates.rateHint')} inputMode="decimal" value={form.rate} error={error('rate')} onChange={(e) => set('rate', e.target.value)} />
      <Field label={t('console.rates.effectiveOn')} type="date" value={form.effectiveOn} error={error('effectiveOn')} onChange={(e) => set('effectiveOn', e.target.value)} />
      <Field label={t('console.rates.source')} hint={t('console.rates.sourceHint')} maxLength={120} value={form.source} error={error('source')} onChange={(e) => set('source', e.target.value)} />
    </FormDialog>
  );
}

/** The peso rates the borrower's exchange calculator offers: who set which, when, from what source. */
export function ExchangeRatesPage({ me }: { me: Me }) {
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const list = useRates();
  const canAdd = me.permissions.includes(PERMISSION.setExchangeRates);

  return (
    <section className="c-page" aria-labelledby="c-rates-title">
      <PageHead id="c-rates-title" title={t('console.section.exchangeRates')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        {canAdd && (
          <button type="button" className="h-btn c-btn" onClick={() => setAdding(true)}>
            {t('console.rates.add')}
          </button>
        )}
      </PageHead>
      <RoleNote me={me} permission="set_exchange_rates" />
      <p className="c-note">{t('console.rates.note')}</p>
      <DataTable
        labelledBy="c-rates-title"
        rows={list.data?.rates ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { header: t('console.rates.currency'), cell: (row) => row.currency },
          { header: t('console.rates.rate'), num: true, cell: (row) => `₱${row.rate}` },
          { header: t('console.rates.effectiveOn'), className: 'c-nowrap', cell: (row) => row.effectiveOn },
          { header: t('console.rates.source'), className: 'c-text', cell: (row) => row.source },
          { header: t('console.rates.setAt'), className: 'c-nowrap', cell: (row) => formatDateTime(row.setAt) },
          { header: t('console.col.status'), cell: (row) => (row.inEffect ? t('console.rates.offered') : t('console.rates.notOffered')) },
        ]}
      />
      {adding && (
        <AddRateDialog
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: [RATES_KEY] });
          }}
        />
      )}
    </section>
  );
}

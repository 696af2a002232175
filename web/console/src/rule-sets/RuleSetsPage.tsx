import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatMoney, hundredthsText, parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PRODUCTS_KEY, type Me } from '../api';
import { t, type MessageKey } from '../i18n/i18n';
import { FormDialog, PageHead, ReasonField, RefreshButton, RoleNote } from '../parts';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { RULE_SETS_KEY, saveRuleSet, useRuleSets, type RuleSetForm, type RuleSetRow } from './api';

const peso = (centavos: number) => formatMoney(centavos, '₱');
const percent = (bp: number) => `${hundredthsText(bp)}%`;

/** The reason the audit log keeps, as the server counts it. */
const MIN_REASON = 5;

/** A rule set as an admin types it: pesos, percentages and months as text. */
interface Draft {
  code: string;
  source: string;
  inForceFrom: string;
  maxPesos: string;
  maxTermMonths: string;
  nominalPercent: string;
  eirPercent: string;
  penaltyPercent: string;
  totalCostPercent: string;
  reason: string;
}

/** The figures of a draft, each with the field the server names when it refuses one. */
const FIGURES: readonly { key: keyof Draft; field: keyof RuleSetForm; label: MessageKey; kind: 'pesos' | 'percent' | 'months' }[] = [
  { key: 'maxPesos', field: 'maxPrincipal', label: 'console.rules.maxPrincipal', kind: 'pesos' },
  { key: 'maxTermMonths', field: 'maxTermMonths', label: 'console.rules.maxTermMonths', kind: 'months' },
  { key: 'nominalPercent', field: 'nominalMonthlyBp', label: 'console.rules.nominal', kind: 'percent' },
  { key: 'eirPercent', field: 'eirMonthlyBp', label: 'console.rules.eir', kind: 'percent' },
  { key: 'penaltyPercent', field: 'penaltyMonthlyBp', label: 'console.rules.penalty', kind: 'percent' },
  { key: 'totalCostPercent', field: 'totalCostBp', label: 'console.rules.totalCost', kind: 'percent' },
];

/** A correction starts from the rule set as it is; a new one from the figures of the one in force, unnamed and undated. */
function draftOf(row: RuleSetRow | undefined, correcting: boolean): Draft {
  return {
    code: correcting && row ? row.code : '',
    source: correcting && row ? row.source : '',
    inForceFrom: correcting && row ? row.inForceFrom : '',
    maxPesos: row ? hundredthsText(row.maxPrincipal) : '',
    maxTermMonths: row ? String(row.maxTermMonths) : '',
    nominalPercent: row ? hundredthsText(row.nominalMonthlyBp) : '',
    eirPercent: row ? hundredthsText(row.eirMonthlyBp) : '',
    penaltyPercent: row ? hundredthsText(row.penaltyMonthlyBp) : '',
    totalCostPercent: row ? hundredthsText(row.totalCostBp) : '',
    reason: '',
  };
}

/** The server's form, or the first figure that is not a plain number. */
function toForm(draft: Draft): { form: RuleSetForm } | { field: keyof RuleSetForm } {
  const values: Partial<Record<keyof RuleSetForm, string>> = {};
  for (const figure of FIGURES) {
    const text = draft[figure.key].trim();
    const value = figure.kind === 'months' ? (/^\d{1,2}$/.test(text) ? Number(text) : null) : parseHundredths(text);
    if (value === null) return { field: figure.field };
    values[figure.field] = String(value);
  }
  return {
    form: {
      code: draft.code.trim(),
      source: draft.source.trim(),
      inForceFrom: draft.inForceFrom,
      maxPrincipal: values.maxPrincipal!,
      maxTermMonths: values.maxTermMonths!,
      nominalMonthlyBp: values.nominalMonthlyBp!,
      eirMonthlyBp: values.eirMonthlyBp!,
      penaltyMonthlyBp: values.penaltyMonthlyBp!,
      totalCostBp: values.totalCostBp!,
      reason: draft.reason.trim(),
    },
  };
}

/**
 * An admin's correction of a rule set (the day the regulator moved, a figure)
 * or the next circular, with the reason the audit log keeps. A refused field
 * shows the server's words beside it.
 */
function RuleSetDialog({ start, correcting, onClose, onSaved }: { start: RuleSetRow | undefined; correcting: boolean; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(start, correcting));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setRefusal(null);
  };
  const beside = (field: keyof RuleSetForm) => besideField(refusal, field);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = toForm(draft);
    if ('field' in checked) {
      setRefusal({ field: checked.field, text: t('console.rules.figure') });
      return;
    }
    if (checked.form.reason.length < MIN_REASON) {
      setRefusal({ field: 'reason', text: t('console.orders.reasonNeeded') });
      return;
    }
    setBusy(true);
    const result = await saveRuleSet(checked.form);
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.rules.saved'));
    onSaved();
  }

  const title = correcting && start ? t('console.rules.correct', { code: start.code }) : t('console.rules.add');
  return (
    <FormDialog title={title} submitLabel={t('console.rules.save')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field
        label={t('console.rules.code')}
        hint={t('console.rules.codeHint')}
        maxLength={40}
        value={draft.code}
        error={beside('code')}
        onChange={(e) => set('code', e.target.value)}
      />
      <Field
        label={t('console.rules.source')}
        hint={t('console.rules.sourceHint')}
        maxLength={300}
        value={draft.source}
        error={beside('source')}
        onChange={(e) => set('source', e.target.value)}
      />
      <Field
        label={t('console.rules.inForceFrom')}
        hint={t('console.rules.inForceFromHint')}
        type="date"
        value={draft.inForceFrom}
        error={beside('inForceFrom')}
        onChange={(e) => set('inForceFrom', e.target.value)}
      />
      <div className="c-grid">
        {FIGURES.map((figure) => (
          <Field
            key={figure.key}
            label={t(figure.label)}
            inputMode={figure.kind === 'months' ? 'numeric' : 'decimal'}
            value={draft[figure.key]}
            error={beside(figure.field)}
            onChange={(e) => set(figure.key, e.target.value)}
          />
        ))}
      </div>
      <ReasonField value={draft.reason} error={beside('reason') ?? ''} onChange={(value) => set('reason', value)} />
    </FormDialog>
  );
}

/**
 * The rule sets of the law's ceilings (decision 056), oldest first: which is
 * in force today and the products each would refuse. Staff who see orders
 * read them; an admin corrects one or adds the next.
 */
export function RuleSetsPage({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const list = useRuleSets();
  const rows = list.data?.rows ?? [];
  const inForce = rows.find((row) => row.inForceToday);
  const canSave = me.permissions.includes(PERMISSION.manageRuleSets);
  const [editing, setEditing] = useState<{ start: RuleSetRow | undefined; correcting: boolean } | null>(null);

  return (
    <section className="c-page" aria-labelledby="c-rules-title">
      <PageHead id="c-rules-title" title={t('console.section.ruleSets')}>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        {canSave && (
          <button type="button" className="h-btn c-btn" disabled={!list.data} onClick={() => setEditing({ start: inForce, correcting: false })}>
            {t('console.rules.add')}
          </button>
        )}
      </PageHead>
      <RoleNote me={me} permission="manage_rule_sets" />
      <p className="c-note">{t('console.rules.note')}</p>
      <DataTable
        labelledBy="c-rules-title"
        rows={rows}
        rowKey={(row) => row.code}
        loading={list.isFetching}
        rowProps={(row) => ({ 'aria-current': row.inForceToday ? 'true' : undefined })}
        columns={[
          {
            // The rule set as one cell: its code and whether it is in force
            // today, then the circular it comes from and its first day, so
            // the table fits a 1024 px screen with its actions in sight.
            header: t('console.rules.code'),
            className: 'c-prose',
            cell: (row) => (
              <>
                <span className="c-nowrap c-strong">{row.code}</span>
                {row.inForceToday && (
                  <div>
                    <span className="c-badge c-badge--answered c-badge--alone">{t('console.rules.inForce')}</span>
                  </div>
                )}
                <div className="c-small">{row.source}</div>
                <div className="c-small c-muted">{t('console.rules.fromDay', { day: row.inForceFrom })}</div>
              </>
            ),
          },
          { header: t('console.rules.coverage'), cell: (row) => t('console.rules.coverageValue', { amount: peso(row.maxPrincipal), months: row.maxTermMonths }) },
          {
            // One ceiling a line: narrow, and read down.
            header: t('console.rules.ceilings'),
            cell: (row) => (
              <ul className="c-lines">
                <li>{t('console.rules.ceilingNominal', { n: percent(row.nominalMonthlyBp) })}</li>
                <li>{t('console.rules.ceilingEffective', { n: percent(row.eirMonthlyBp) })}</li>
                <li>{t('console.rules.ceilingPenalty', { n: percent(row.penaltyMonthlyBp) })}</li>
                <li>{t('console.rules.ceilingTotal', { n: percent(row.totalCostBp) })}</li>
              </ul>
            ),
          },
          {
            header: t('console.rules.breaking'),
            className: (row) => (row.productsBreaking.length > 0 ? 'c-text c-bad' : 'c-text'),
            cell: (row) => (row.productsBreaking.length > 0 ? row.productsBreaking.join(', ') : t('console.rules.none')),
          },
          canSave && {
            header: t('console.col.actions'),
            cell: (row) => (
              <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.rules.correct', { code: row.code })} onClick={() => setEditing({ start: row, correcting: true })}>
                {t('console.rules.correctShort')}
              </button>
            ),
          },
        ]}
      />
      {editing && (
        <RuleSetDialog
          start={editing.start}
          correcting={editing.correcting}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            // Which products borrowers are offered follows the rule set in force.
            void queryClient.invalidateQueries({ queryKey: [RULE_SETS_KEY] });
            void queryClient.invalidateQueries({ queryKey: [PRODUCTS_KEY] });
          }}
        />
      )}
    </section>
  );
}

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatMoney, hundredthsText, parseHundredths } from '@hiram/shared/format/format';
import { t, type MessageKey } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { createProduct, useTermsCheck, type Catalogue, type ProductForm, type TermsCheck } from '../api';
import { Facts } from '../parts';

/** The order a payment settles each instalment in (the agreement states it). */
export const ALLOCATIONS = ['penalty_interest_principal', 'interest_principal_penalty'] as const;
export type Allocation = (typeof ALLOCATIONS)[number];

/** The editor's fields as staff type them: pesos, percentages, counts. */
interface Draft {
  lenderId: string;
  name: string;
  minPesos: string;
  maxPesos: string;
  stepPesos: string;
  periods: string;
  periodDays: string;
  interestPercent: string;
  feePercent: string;
  penaltyNewPesos: string;
  penaltyRepeatPesos: string;
  daily130Percent: string;
  daily3190Percent: string;
  daily91Percent: string;
  earlyAfterPercent: string;
  earlyMinDays: string;
  earlyMinInterestDays: string;
  extensionsAllowed: string;
  extensionDays: string;
  extensionFeePercent: string;
  allocation: Allocation;
  tags: string;
  allowsExtension: boolean;
  requiresReview: boolean;
  available: boolean;
}

const NUMBERS: readonly { key: keyof Draft; label: MessageKey; kind: 'pesos' | 'percent' | 'count' }[] = [
  { key: 'minPesos', label: 'console.products.min', kind: 'pesos' },
  { key: 'maxPesos', label: 'console.products.max', kind: 'pesos' },
  { key: 'stepPesos', label: 'console.products.step', kind: 'pesos' },
  { key: 'periods', label: 'console.products.periods', kind: 'count' },
  { key: 'periodDays', label: 'console.products.periodDays', kind: 'count' },
  { key: 'interestPercent', label: 'console.products.interest', kind: 'percent' },
  { key: 'feePercent', label: 'console.products.fee', kind: 'percent' },
  { key: 'penaltyNewPesos', label: 'console.products.penaltyNew', kind: 'pesos' },
  { key: 'penaltyRepeatPesos', label: 'console.products.penaltyRepeat', kind: 'pesos' },
  { key: 'daily130Percent', label: 'console.products.daily130', kind: 'percent' },
  { key: 'daily3190Percent', label: 'console.products.daily3190', kind: 'percent' },
  { key: 'daily91Percent', label: 'console.products.daily91', kind: 'percent' },
  { key: 'earlyAfterPercent', label: 'console.products.earlyAfter', kind: 'percent' },
  { key: 'earlyMinDays', label: 'console.products.earlyMinDays', kind: 'count' },
  { key: 'earlyMinInterestDays', label: 'console.products.earlyMinInterestDays', kind: 'count' },
  { key: 'extensionsAllowed', label: 'console.products.extensionsAllowed', kind: 'count' },
  { key: 'extensionDays', label: 'console.products.extensionDays', kind: 'count' },
  { key: 'extensionFeePercent', label: 'console.products.extensionFee', kind: 'percent' },
];

/** Terms that keep every cap, as a starting point. */
export function newDraft(lenderId: number | undefined): Draft {
  return {
    lenderId: lenderId ? String(lenderId) : '',
    name: '',
    minPesos: '1000',
    maxPesos: '10000',
    stepPesos: '100',
    periods: '1',
    periodDays: '30',
    interestPercent: '4',
    feePercent: '3',
    penaltyNewPesos: '20',
    penaltyRepeatPesos: '15',
    daily130Percent: '0.1',
    daily3190Percent: '0.08',
    daily91Percent: '0.04',
    // The standard agreement (decision 026).
    earlyAfterPercent: '50',
    earlyMinDays: '7',
    earlyMinInterestDays: '0',
    extensionsAllowed: '1',
    // One period's days and no fee, as the server's standard clauses.
    extensionDays: '30',
    extensionFeePercent: '0',
    allocation: 'penalty_interest_principal',
    tags: '',
    allowsExtension: false,
    requiresReview: false,
    available: false,
  };
}

/** The server's form, or null while a number is not a plain figure. */
export function toForm(draft: Draft): ProductForm | null {
  const count = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? text.trim() : null);
  const figure = (text: string) => {
    const value = parseHundredths(text);
    return value === null ? null : String(value);
  };
  const values = {
    minAmount: figure(draft.minPesos),
    maxAmount: figure(draft.maxPesos),
    amountStep: figure(draft.stepPesos),
    periods: count(draft.periods),
    periodDays: count(draft.periodDays),
    monthlyInterestBp: figure(draft.interestPercent),
    serviceFeeBp: figure(draft.feePercent),
    penaltyOneTimeNew: figure(draft.penaltyNewPesos),
    penaltyOneTimeRepeat: figure(draft.penaltyRepeatPesos),
    penaltyDailyBp130: figure(draft.daily130Percent),
    penaltyDailyBp3190: figure(draft.daily3190Percent),
    penaltyDailyBpFrom91: figure(draft.daily91Percent),
    earlyAfterTermBp: figure(draft.earlyAfterPercent),
    earlyMinDays: count(draft.earlyMinDays),
    earlyMinInterestDays: count(draft.earlyMinInterestDays),
    extensionsAllowed: count(draft.extensionsAllowed),
    extensionDays: count(draft.extensionDays),
    extensionFeeBp: figure(draft.extensionFeePercent),
  };
  if (!draft.lenderId || Object.values(values).some((value) => value === null)) return null;
  return {
    ...(values as Record<keyof typeof values, string>),
    lenderId: draft.lenderId,
    allocation: draft.allocation,
    name: draft.name.trim(),
    tags: draft.tags,
    allowsExtension: draft.allowsExtension,
    requiresReview: draft.requiresReview,
    available: draft.available,
  };
}

const peso = (centavos: number) => formatMoney(centavos, '₱');
const percent = (bp: number) => `${hundredthsText(bp)}%`;

/** A rule set in a sentence: its source, first day, the loans it covers and its four ceilings. */
export function ruleSetSummary(rules: TermsCheck['caps']): string {
  return t('console.products.ruleSet', {
    source: rules.source,
    date: rules.inForceFrom,
    amount: peso(rules.maxPrincipal),
    months: rules.maxTermMonths,
    nominal: percent(rules.nominalMonthlyBp),
    effective: percent(rules.eirMonthlyBp),
    penalty: percent(rules.penaltyMonthlyBp),
    total: percent(rules.totalCostBp),
  });
}

type ExampleLoan = TermsCheck['examples'][number];

/** The rows of the example loans' table: what each figure is called, and the figure. */
const EXAMPLE_FIGURES: readonly (readonly [MessageKey, (loan: ExampleLoan) => string])[] = [
  ['console.products.interestCol', (loan) => peso(loan.interest)],
  ['console.products.feesCol', (loan) => peso(loan.fees)],
  ['console.products.netCol', (loan) => peso(loan.netProceeds)],
  ['console.products.repayCol', (loan) => peso(loan.totalRepayable)],
  ['console.products.monthlyCol', (loan) => percent(loan.effectiveMonthlyBp)],
];

/** What the live check found: the caps, two example loans, the documents. */
function CheckReport({ check }: { check: TermsCheck }) {
  return (
    <div className="c-terms-check" aria-live="polite">
      <p className={check.allowed ? 'c-check-ok' : 'c-check-bad'} role="status">
        {check.problem ?? t(check.allowed ? 'console.products.withinCaps' : 'console.products.aboveCap')}
      </p>
      {check.violations.length > 0 && (
        <ul className="c-violations" aria-label={t('console.products.violations')}>
          {check.violations.map((violation) => (
            <li key={violation.cap}>{violation.message}</li>
          ))}
        </ul>
      )}
      <p className="c-muted c-small">
        {check.covered
          ? ruleSetSummary(check.caps)
          : t('console.products.notCovered', { source: check.caps.source, amount: peso(check.caps.maxPrincipal), months: check.caps.maxTermMonths })}
      </p>
      {check.examples.length > 0 && (
        // A column per example loan and a row per figure, so the figures
        // read down a narrow panel rather than across a wide one.
        <table className="c-table c-table--figures" aria-label={t('console.products.examples')}>
          <thead>
            <tr>
              <th scope="col">{t('console.col.principal')}</th>
              {check.examples.map((loan) => (
                <th key={loan.principal} scope="col" className="c-num">
                  {peso(loan.principal)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {EXAMPLE_FIGURES.map(([label, figure]) => (
              <tr key={label}>
                <th scope="row">{t(label)}</th>
                {check.examples.map((loan) => (
                  <td key={loan.principal} className="c-num">
                    {figure(loan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {check.agreement && (
        <details className="c-preview">
          <summary>{t('console.products.agreementPreview')}</summary>
          <h3 className="c-sub">{check.agreement.title}</h3>
          {check.agreement.sections.map((section) => (
            <section key={section.heading}>
              <h4>{section.heading}</h4>
              {section.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
        </details>
      )}
      {check.disclosure?.disclosure && (
        <details className="c-preview">
          <summary>{t('console.products.disclosurePreview')}</summary>
          <Facts items={check.disclosure.disclosure.rows.map((row) => [row.label, row.value] as const)} />
        </details>
      )}
    </div>
  );
}

/** How long the terms stay unchanged before they are checked: a moment after the last key. */
const CHECK_AFTER_MS = 350;

/** `value` once it has stayed the same for `ms`; null until then. */
function useSettled<T>(value: T, ms: number): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A new product: the terms checked against the caps as they are typed (a
 * moment after the last key), and saved only if the server agrees.
 */
export function ProductEditor({ catalogue, onClose, onCreated }: { catalogue: Catalogue; onClose: () => void; onCreated: () => void }) {
  const [draft, setDraft] = useState(() => newDraft(catalogue.lenders[0]?.id));
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  // A new form only when the draft changes, so the check below runs once per edit.
  const form = useMemo(() => toForm(draft), [draft]);
  // The last check stays shown while the next is asked for.
  const check = useTermsCheck(useSettled(form, CHECK_AFTER_MS)).data ?? null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setRefusal('');
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || !form.name) {
      setRefusal(t('console.products.incomplete'));
      return;
    }
    setBusy(true);
    const result = await createProduct(form);
    setBusy(false);
    if (!result.success) {
      setRefusal(result.message);
      return;
    }
    showToast(t('console.products.created'));
    onCreated();
  }

  return (
    <form className="c-panel c-editor" aria-label={t('console.products.new')} noValidate onSubmit={(e) => void save(e)}>
      <div className="c-panel-head">
        <h2>{t('console.products.new')}</h2>
      </div>
      <label className="c-label" htmlFor="c-product-lender">
        {t('console.products.lender')}
      </label>
      <select id="c-product-lender" className="c-select" value={draft.lenderId} onChange={(e) => set('lenderId', e.target.value)}>
        {catalogue.lenders.map((lender) => (
          <option key={lender.id} value={lender.id}>
            {lender.name}
          </option>
        ))}
      </select>
      <Field label={t('console.products.name')} maxLength={80} value={draft.name} onChange={(e) => set('name', e.target.value)} />
      <div className="c-grid">
        {NUMBERS.map((number) => (
          <Field
            key={number.key}
            label={t(number.label)}
            inputMode="decimal"
            value={draft[number.key] as string}
            onChange={(e) => set(number.key, e.target.value)}
          />
        ))}
      </div>
      <label className="c-label" htmlFor="c-product-allocation">
        {t('console.products.allocation')}
      </label>
      <select
        id="c-product-allocation"
        className="c-select"
        value={draft.allocation}
        onChange={(e) => set('allocation', e.target.value as Allocation)}
      >
        {ALLOCATIONS.map((allocation) => (
          <option key={allocation} value={allocation}>
            {t(`console.products.allocation.${allocation}`)}
          </option>
        ))}
      </select>
      <Field label={t('console.products.tags')} hint={t('console.products.tagsHint')} value={draft.tags} onChange={(e) => set('tags', e.target.value)} />
      {(
        [
          ['allowsExtension', 'console.products.extension'],
          ['requiresReview', 'console.products.review'],
          ['available', 'console.products.available'],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="c-check-label">
          <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} /> {t(label)}
        </label>
      ))}
      {!form && <p className="h-error">{t('console.products.numbersOnly')}</p>}
      {form && check && <CheckReport check={check} />}
      {refusal && (
        <p className="h-error" role="alert">
          {refusal}
        </p>
      )}
      {/* Stays at the foot of the panel (or of the window) however far the form is scrolled. */}
      <div className="c-form-row c-editor-actions">
        <button type="button" className="h-btn h-btn--ghost c-btn" onClick={onClose}>
          {t('console.cancel')}
        </button>
        {/* The check's verdict beside Save, where the check itself may be out of sight. */}
        {form && check && !check.allowed && <span className="c-check-bad c-small">{t('console.products.cannotSave')}</span>}
        <button type="submit" className="h-btn c-btn" disabled={busy}>
          {t('console.products.save')}
        </button>
      </div>
    </form>
  );
}

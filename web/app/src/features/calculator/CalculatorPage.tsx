import { useId, useState, type FormEvent } from 'react';
import { hundredthsText } from '@hiram/shared/format/format';
import { t } from './texts';
import { showToast } from '@hiram/shared/ui/toastStore';
import { Field } from '@hiram/shared/ui/Field';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { appLink, hasSession, loginLink } from '../../lib/links';
import { priceLoan, saveCalculation, useCalcIndex, type CalcIndex, type CalcResult, type LoanForm } from './api/calc';
import { toLoanForm, type LoanField, type TypedLoan } from './form';
import { ResultView } from './ResultView';
import { RulesInForce } from './RulesInForce';
import { Link } from '../../components/Link';

function typedDefaults(index: CalcIndex): TypedLoan {
  const d = index.defaults;
  return {
    amount: hundredthsText(d.amount),
    rate: hundredthsText(d.monthlyRateBp),
    payments: String(d.payments),
    frequency: d.frequency,
    method: d.method,
    fee: hundredthsText(d.feeBp),
  };
}

/** The loan calculator (`/calc/emi`, `/calc/emi-adv`): what a loan costs, and how it stands against the caps. */
export default function CalculatorPage() {
  const { data: indexResult } = useCalcIndex();
  const index = indexResult?.success ? indexResult.data : null;
  return index ? <Calculator index={index} /> : <PageHeader title={t('page.calculator')} />;
}

function Calculator({ index }: { index: CalcIndex }) {
  const ids = useId();
  const [typed, setTyped] = useState<TypedLoan>(() => typedDefaults(index));
  const [advanced, setAdvanced] = useState(false);
  const [invalid, setInvalid] = useState<{ field: LoanField; message: string } | null>(null);
  const [priced, setPriced] = useState<{ form: LoanForm; result: CalcResult; advanced: boolean } | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const set = (field: LoanField) => (value: string) => {
    setTyped({ ...typed, [field]: value });
    if (invalid?.field === field) setInvalid(null);
  };

  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    const checked = toLoanForm(typed, advanced);
    if ('field' in checked) {
      setInvalid({ field: checked.field, message: t(checked.error) });
      return;
    }
    const reply = await priceLoan(checked.form, advanced);
    if (reply.success && reply.data) setPriced({ form: checked.form, result: reply.data, advanced });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!priced) return;
    const reply = await saveCalculation(priced.form, name);
    if (reply.success) {
      setNaming(false);
      setName('');
      showToast(t('calc.saved'));
    }
  };

  const error = (field: LoanField) => (invalid?.field === field ? invalid.message : undefined);
  const tab = (isAdvanced: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      className="app-tab"
      aria-selected={advanced === isAdvanced}
      onClick={() => {
        setAdvanced(isAdvanced);
        setPriced(null);
      }}
    >
      {label}
    </button>
  );

  return (
    <>
      <PageHeader title={t('page.calculator')} />
      <main className="app-main app-stack">
        <nav className="app-toplinks" aria-label={t('calc.tools')}>
          <Link to={appLink('/calculator/exchange')}>{t('page.exchange')}</Link>
          <Link to={hasSession() ? appLink('/calculator/saved') : loginLink('/calculator/saved')}>
            {t('page.savedCalculations')}
          </Link>
        </nav>
        <div className="app-tabs" role="tablist" aria-label={t('calc.forms')}>
          {tab(false, t('calc.simple'))}
          {tab(true, t('calc.advanced'))}
        </div>
        <form className="h-card" onSubmit={(e) => void calculate(e)} noValidate>
          <Field
            label={t('calc.amount')}
            inputMode="decimal"
            value={typed.amount}
            onChange={(e) => set('amount')(e.target.value)}
            error={error('amount')}
            hint={t('calc.amountHint')}
          />
          <Field
            label={t('calc.rate')}
            inputMode="decimal"
            value={typed.rate}
            onChange={(e) => set('rate')(e.target.value)}
            error={error('rate')}
            hint={t('calc.rateHint', { n: hundredthsText(index.caps.nominalMonthlyBp) })}
          />
          <Field
            label={t('calc.payments')}
            inputMode="numeric"
            value={typed.payments}
            onChange={(e) => set('payments')(e.target.value)}
            error={error('payments')}
          />
          <div className="h-field">
            <label htmlFor={`${ids}-frequency`}>{t('calc.frequency')}</label>
            <select
              id={`${ids}-frequency`}
              className="h-input"
              value={typed.frequency}
              onChange={(e) => set('frequency')(e.target.value)}
            >
              {index.frequencies.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.title}
                </option>
              ))}
            </select>
          </div>
          <div className="h-field">
            <label htmlFor={`${ids}-method`}>{t('calc.method')}</label>
            <select id={`${ids}-method`} className="h-input" value={typed.method} onChange={(e) => set('method')(e.target.value)}>
              {index.methods.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.title}
                </option>
              ))}
            </select>
          </div>
          {advanced && (
            <Field
              label={t('calc.feePercent')}
              inputMode="decimal"
              value={typed.fee}
              onChange={(e) => set('fee')(e.target.value)}
              error={error('fee')}
              hint={t('calc.feeHint')}
            />
          )}
          <button type="submit" className="h-btn h-btn--block">
            {t('calc.calculate')}
          </button>
        </form>

        {priced && (
          <>
            <ResultView result={priced.result} advanced={priced.advanced} />
            {hasSession() ? (
              <button type="button" className="h-btn h-btn--block" onClick={() => setNaming(true)}>
                {t('calc.save')}
              </button>
            ) : (
              <Link className="h-btn h-btn--block" to={loginLink('/calculator')}>
                {t('calc.loginToSave')}
              </Link>
            )}
          </>
        )}
        <RulesInForce rules={index.caps} />
      </main>
      <Modal
        open={naming}
        title={t('calc.saveTitle')}
        onClose={() => setNaming(false)}
        actions={
          <button type="submit" form={`${ids}-save`} className="h-btn h-btn--block">
            {t('calc.save')}
          </button>
        }
      >
        <form id={`${ids}-save`} onSubmit={(e) => void save(e)}>
          <Field label={t('calc.name')} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} hint={t('calc.nameHint')} />
        </form>
      </Modal>
    </>
  );
}

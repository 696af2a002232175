import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney, hundredthsText } from '@hiram/shared/format/format';
import { currencySymbol } from '@hiram/shared/query/pageQuery';
import { t } from './texts';
import { Field } from '@hiram/shared/ui/Field';
import { Modal } from '@hiram/shared/ui/Modal';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { deleteRepayProduct } from './api/deleteRepayProduct';
import { REPAY_KEY } from './api/repayIndex';
import { useRepayProductInfo, type BillInfo } from './api/repayProductInfo';
import { saveRepayProduct } from './api/saveRepayProduct';
import {
  MAX_AMOUNT_CENTAVOS,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  pesosToCentavos,
  REPEATS,
  type RepeatKey,
} from './rules';
import { Link } from '../../components/Link';

interface Errors {
  name?: string;
  amount?: string;
  dueDate?: string;
  /** The server's refusal, for a rule the page does not check itself. */
  form?: string;
}

function isRepeat(value: string): value is RepeatKey {
  return (REPEATS as readonly string[]).includes(value);
}

/** The form itself, mounted once the bill (if any) is known. */
function BillForm({ bill }: { bill: BillInfo | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(bill?.name ?? '');
  const [amount, setAmount] = useState(bill ? hundredthsText(bill.amount) : '');
  const [dueDate, setDueDate] = useState(bill?.dueDate ?? '');
  const [repeat, setRepeat] = useState<RepeatKey>(bill && isRepeat(bill.repeat) ? bill.repeat : 'none');
  const [note, setNote] = useState(bill?.note ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const repeatId = useId();
  const noteId = useId();

  const done = (message: string) => {
    showToast(message, undefined, { keepOnNavigation: true });
    // Marked stale only: the list refetches as it opens, and this page's own
    // query (a bill just deleted) must not be asked for again.
    void queryClient.invalidateQueries({ queryKey: [REPAY_KEY], refetchType: 'none' });
    void navigate(appLink('/repaymentReminders'), { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const centavos = pesosToCentavos(amount);
    const found: Errors = {};
    if (!name.trim()) found.name = t('bill.nameEmpty');
    if (centavos === null) found.amount = t('bill.amountInvalid', { min: formatMoney(1), max: formatMoney(MAX_AMOUNT_CENTAVOS) });
    if (!dueDate) found.dueDate = t('bill.dateEmpty');
    setErrors(found);
    if (centavos === null || Object.keys(found).length > 0) return;
    setBusy(true);
    const saved = await saveRepayProduct({
      repayProductId: bill ? String(bill.repayProductId) : '',
      name: name.trim(),
      amount: centavos,
      dueDate,
      repeat,
      note: note.trim(),
    });
    setBusy(false);
    if (saved.success) done(saved.message);
    else if (saved.code === '400') setErrors({ form: saved.message });
    else showToast(saved.message || t('error.server'));
  };

  const remove = async () => {
    if (!bill || busy) return;
    setBusy(true);
    const deleted = await deleteRepayProduct(String(bill.repayProductId));
    setBusy(false);
    setConfirming(false);
    if (deleted.success) done(deleted.message);
  };

  return (
    <form className="app-stack" noValidate onSubmit={(event) => void submit(event)}>
      <section className="h-card">
        <Field
          label={t('bill.name')}
          value={name}
          maxLength={MAX_NAME_CHARS}
          placeholder={t('bill.namePlaceholder')}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t('bill.amount', { currency: currencySymbol() })}
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Field
          label={t('bill.dueDate')}
          type="date"
          value={dueDate}
          hint={t('bill.dueDateHint')}
          error={errors.dueDate}
          onChange={(e) => setDueDate(e.target.value)}
        />
        <div className="h-field">
          <label htmlFor={repeatId}>{t('bill.repeat')}</label>
          <select
            id={repeatId}
            className="h-input"
            value={repeat}
            onChange={(e) => isRepeat(e.target.value) && setRepeat(e.target.value)}
          >
            {REPEATS.map((key) => (
              <option key={key} value={key}>
                {t(`bill.repeat.${key}`)}
              </option>
            ))}
          </select>
          {repeat === 'monthly' && <p className="h-hint">{t('bill.monthlyHint')}</p>}
        </div>
        <div className="h-field">
          <label htmlFor={noteId}>{t('bill.note')}</label>
          <textarea
            id={noteId}
            className="h-input app-textarea"
            rows={3}
            maxLength={MAX_NOTE_CHARS}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </section>
      {errors.form && (
        <p className="h-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="h-btn h-btn--block" disabled={busy}>
        {t('bill.save')}
      </button>
      {bill && (
        <button type="button" className="h-link-btn app-danger-link" onClick={() => setConfirming(true)}>
          {t('bill.delete')}
        </button>
      )}
      <Modal
        open={confirming}
        title={t('bill.deleteTitle')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="h-btn h-btn--ghost" onClick={() => setConfirming(false)}>
              {t('bill.cancel')}
            </button>
            <button type="button" className="h-btn app-danger-btn" disabled={busy} onClick={() => void remove()}>
              {t('bill.deleteConfirm')}
            </button>
          </>
        }
      >
        <p>{t('bill.deleteText')}</p>
      </Modal>
    </form>
  );
}

/** Adds a bill, or edits one of the borrower's (query `repayProductId`). */
export default function BillFormPage() {
  const [search] = useSearchParams();
  const repayProductId = search.get('repayProductId') ?? '';
  const { data: result, isPending } = useRepayProductInfo(repayProductId);
  const editing = repayProductId !== '';
  const bill = editing && result?.success ? result.data : null;

  return (
    <>
      <PageHeader title={editing ? t('bill.editTitle') : t('bill.addTitle')} />
      <main className="app-main">
        {!editing && <BillForm bill={null} />}
        {bill && <BillForm key={bill.repayProductId} bill={bill} />}
        {editing && !isPending && !bill && (
          <div className="app-stack">
            <p className="app-muted">{t('bill.missing')}</p>
            <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/repaymentReminders')}>
              {t('page.repaymentReminders')}
            </Link>
          </div>
        )}
      </main>
    </>
  );
}

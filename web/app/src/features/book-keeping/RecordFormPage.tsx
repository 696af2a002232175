import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney, hundredthsText } from '@hiram/shared/format/format';
import { currencySymbol } from '@hiram/shared/query/pageQuery';
import { sessionUrl } from '@hiram/shared/api/request';
import { t } from './texts';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { PictureList } from '../../components/PictureList';
import { appLink } from '../../lib/links';
import type { Picture } from '../../lib/pictures';
import { useCategoryList, type CategoryView } from './api/getCategoryList';
import { useRecordInfo } from './api/getInfo';
import type { RecordView } from './api/getList';
import { BOOK_KEEPING_KEY } from './api/keys';
import { saveRecord } from './api/saveRecord';
import { uploadReceipt } from './api/uploadImage';
import { CategoryIcon } from './CategoryIcon';
import {
  capNote,
  defaultDate,
  EARLIEST_DATE,
  isAllowedDate,
  latestDate,
  MAX_AMOUNT_CENTAVOS,
  MAX_NOTE_CHARS,
  noteLength,
  pesosToCentavos,
  type Kind,
} from './rules';
import { deleteWithUndo } from './undo';
import './bookKeeping.css';
import { Link } from '../../components/Link';

interface Draft {
  kind: Kind;
  amount: string;
  category: string;
  date: string;
  note: string;
  picture: Picture | null;
}

function draftOf(record: RecordView | null, month: string): Draft {
  if (!record) return { kind: 'expense', amount: '', category: '', date: defaultDate(month), note: '', picture: null };
  return {
    kind: record.kind === 'income' ? 'income' : 'expense',
    amount: hundredthsText(record.amount),
    category: record.category,
    date: record.date,
    note: record.note,
    picture: record.image ? { url: record.image, preview: sessionUrl(record.image) } : null,
  };
}

type Errors = Partial<Record<'amount' | 'category' | 'date', string>>;

/**
 * Adding an entry, or editing one (`/bookKeepingRecord?id=`): expense or
 * income, the amount in pesos, a category with its picture, the date, a
 * note and a receipt picture. Editing also offers Delete, with Undo.
 */
export default function RecordFormPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { data: cached, isFetchedAfterMount } = useRecordInfo(id);
  const { data: categories } = useCategoryList();
  // The form starts from the entry as it is now, never from a copy cached
  // before it was last saved.
  const info = isFetchedAfterMount ? cached : undefined;
  const record = info?.success ? info.data : null;
  const lists = categories?.success ? categories.data : null;
  const title = t(id ? 'book.edit' : 'page.bookKeepingRecord');

  if (id && info && !info.success) {
    return (
      <>
        <PageHeader title={title} />
        <main className="app-main app-stack">
          <p className="app-muted">{t('book.missing')}</p>
          <Link className="h-btn h-btn--ghost h-btn--block" to={appLink('/bookKeeping')}>
            {t('page.bookKeeping')}
          </Link>
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} />
      {lists && (!id || record) && (
        <RecordForm
          key={record?.id ?? 'new'}
          id={record?.id ?? null}
          initial={draftOf(record, search.get('month') ?? '')}
          categories={lists}
        />
      )}
    </>
  );
}

function RecordForm({
  id,
  initial,
  categories,
}: {
  id: number | null;
  initial: Draft;
  categories: { expense: CategoryView[]; income: CategoryView[] };
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const shown = categories[draft.kind];

  // A picture chosen here is released with the page (one from the server is a URL, not a blob).
  const preview = useRef('');
  useEffect(() => {
    preview.current = draft.picture?.preview.startsWith('blob:') ? draft.picture.preview : '';
  }, [draft.picture]);
  useEffect(() => () => (preview.current ? URL.revokeObjectURL(preview.current) : undefined), []);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const setKind = (kind: Kind) => {
    // A category of the other kind cannot stay chosen.
    const keep = categories[kind].some((category) => category.key === draft.category);
    change({ kind, category: keep ? draft.category : '' });
  };

  const setPicture = (picture: Picture | null) => {
    if (draft.picture?.preview.startsWith('blob:')) URL.revokeObjectURL(draft.picture.preview);
    change({ picture });
  };

  const back = (month: string) => void navigate(appLink('/bookKeeping', { month }), { replace: true });

  const save = async () => {
    if (busy) return;
    const amount = pesosToCentavos(draft.amount);
    const found: Errors = {};
    if (!amount.ok) found.amount = t(amount.message, { zero: formatMoney(0), max: formatMoney(MAX_AMOUNT_CENTAVOS) });
    if (!shown.some((category) => category.key === draft.category)) found.category = t('book.chooseCategory');
    if (!isAllowedDate(draft.date)) found.date = t('book.dateInvalid');
    setErrors(found);
    if (!amount.ok || Object.keys(found).length > 0) return;
    setBusy(true);
    const saved = await saveRecord({
      id: id === null ? '' : String(id),
      kind: draft.kind,
      amount: amount.centavos,
      category: draft.category,
      date: draft.date,
      note: draft.note.trim(),
      image: draft.picture?.url ?? '',
    });
    setBusy(false);
    // A refusal was toasted by the request helper; the form stays as typed.
    if (!saved.success) return;
    // The list and statistics fetch afresh when they open; nothing here needs them now.
    void queryClient.invalidateQueries({ queryKey: [BOOK_KEEPING_KEY], refetchType: 'none' });
    showToast(t('book.saved'), undefined, { keepOnNavigation: true });
    back(draft.date.slice(0, 7));
  };

  const remove = async () => {
    if (busy || id === null) return;
    setBusy(true);
    const deleted = await deleteWithUndo(id, queryClient);
    setBusy(false);
    if (deleted) back(initial.date.slice(0, 7));
  };

  return (
    <main className="app-main app-stack">
      <div className="app-tabs" role="radiogroup" aria-label={t('book.kind')}>
        {(['expense', 'income'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={draft.kind === kind}
            className="app-tab bk-kind"
            onClick={() => setKind(kind)}
          >
            {t(kind === 'expense' ? 'book.kindExpense' : 'book.kindIncome')}
          </button>
        ))}
      </div>
      <section className="h-card">
        <Field
          label={t('book.amount', { currency: currencySymbol() })}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={draft.amount}
          error={errors.amount}
          hint={t('book.amountHint')}
          onChange={(event) => change({ amount: event.target.value })}
        />
        <fieldset className="bk-categories" aria-describedby={errors.category ? `${ids}-category` : undefined}>
          <legend>{t('book.category')}</legend>
          {shown.map((category) => (
            <label key={category.key} className="bk-category">
              <input
                type="radio"
                name={`${ids}-category`}
                className="app-visually-hidden"
                checked={draft.category === category.key}
                onChange={() => change({ category: category.key })}
              />
              <span className={`bk-icon bk-icon--${draft.kind}`}>
                <CategoryIcon icon={category.icon} />
              </span>
              <span>{category.title}</span>
            </label>
          ))}
          {errors.category && (
            <p id={`${ids}-category`} className="h-error">
              {errors.category}
            </p>
          )}
        </fieldset>
        <Field
          label={t('book.date')}
          type="date"
          min={EARLIEST_DATE}
          max={latestDate()}
          value={draft.date}
          error={errors.date}
          onChange={(event) => change({ date: event.target.value })}
        />
        <label htmlFor={`${ids}-note`} className="bk-label">
          {t('book.note')}
        </label>
        <textarea
          id={`${ids}-note`}
          className="h-input app-textarea"
          rows={2}
          value={draft.note}
          aria-describedby={`${ids}-count`}
          onChange={(event) => change({ note: capNote(event.target.value) })}
        />
        <p id={`${ids}-count`} className="app-counter">
          {t('book.noteCounter', { n: noteLength(draft.note), max: MAX_NOTE_CHARS })}
        </p>
        <p className="bk-label">{t('book.receipt')}</p>
        <PictureList
          pictures={draft.picture ? [draft.picture] : []}
          max={1}
          upload={uploadReceipt}
          texts={{
            list: t('book.receipt'),
            picture: () => t('book.receiptAlt'),
            remove: () => t('book.removeReceipt'),
            add: t('book.addReceipt'),
            uploaded: t('book.uploaded'),
          }}
          onAdd={setPicture}
          onRemove={() => setPicture(null)}
        />
      </section>
      <button type="button" className="h-btn h-btn--block" disabled={busy} onClick={() => void save()}>
        {t('book.save')}
      </button>
      {id !== null && (
        <button type="button" className="h-btn h-btn--ghost h-btn--block bk-delete" disabled={busy} onClick={() => void remove()}>
          {t('book.delete')}
        </button>
      )}
    </main>
  );
}

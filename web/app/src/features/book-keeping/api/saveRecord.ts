import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';

export type SavedRecord = components['schemas']['SavedRecord'];

export const SAVE_RECORD_PATH = '/book-keeping/save-record';

export interface RecordForm {
  /** Empty for a new entry. */
  id: string;
  kind: 'income' | 'expense';
  /** Centavos, already checked by the page. */
  amount: number;
  category: string;
  /** `YYYY-MM-DD`. */
  date: string;
  note: string;
  /** The receipt's URL from upload-image, or empty. */
  image: string;
}

/** Adds an entry, or changes the one with `id`. */
export function saveRecord(form: RecordForm) {
  return formApi.post(
    SAVE_RECORD_PATH,
    {
      id: form.id || undefined,
      kind: form.kind,
      amount: String(form.amount),
      category: form.category,
      date: form.date,
      note: form.note,
      image: form.image,
    },
    // A new entry sent again after a lost answer is stored once.
    { loading: t('common.loading'), idempotent: !form.id },
  );
}

import { useState, type FormEvent } from 'react';
import type { ApiResult } from '@hiram/shared/api/request';
import { showToast } from '@hiram/shared/ui/toastStore';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';

/**
 * A marketing form's save: busy while it runs; a refused field for the form
 * to mark beside it (marketing's saves are silent), or the toast once saved.
 */
export function useSave(save: () => Promise<ApiResult<unknown>>, onSaved: () => void) {
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await save();
    setBusy(false);
    if (!result.success) {
      setRefused(refusedField(result));
      return;
    }
    setRefused(null);
    showToast(t('console.mkt.saved'));
    onSaved();
  }

  return { refused, busy, submit: (event: FormEvent) => void submit(event) };
}

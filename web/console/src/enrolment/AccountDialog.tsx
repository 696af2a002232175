import { useState, type FormEvent } from 'react';
import type { ApiResult } from '@hiram/shared/api/request';
import { Field } from '@hiram/shared/ui/Field';
import { digitsOnly } from '@hiram/shared/format/format';
import { showToast } from '@hiram/shared/ui/toastStore';
import { t } from '../i18n/i18n';
import { refusedField } from '../refusal';
import { FormDialog } from '../parts';
import { changePassword, renewSignIn } from './api';

const CODE_DIGITS = 6;

/**
 * The signed-in member's own sign-in: a new password (the current one and
 * a code prove it is them; their other sessions end), or a link by e-mail
 * to set up the authenticator again on a new phone.
 */
export function AccountDialog({ onClose }: { onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: string) => (refused?.field === field ? refused.message : undefined);

  /** Marks the field the server named, with its words; anything else was toasted. */
  function refuse(result: ApiResult<unknown>) {
    const field = refusedField(result);
    setRefused(field ? { field, message: result.message } : null);
  }

  async function change(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await changePassword(current, next, code);
    setBusy(false);
    setCode('');
    if (!result.success) {
      refuse(result);
      return;
    }
    showToast(t('console.account.changed'));
    onClose();
  }

  async function renew() {
    setBusy(true);
    const result = await renewSignIn(current, code);
    setBusy(false);
    setCode('');
    if (!result.success) {
      refuse(result);
      return;
    }
    showToast(t('console.account.renewed'));
    onClose();
  }

  return (
    <FormDialog title={t('console.account.title')} submitLabel={t('console.account.change')} busy={busy} onClose={onClose} onSubmit={(e) => void change(e)}>
      <Field label={t('console.account.current')} type="password" autoComplete="current-password" value={current} error={error('password')} onChange={(e) => setCurrent(e.target.value)} />
      <Field label={t('console.account.new')} type="password" autoComplete="new-password" value={next} error={error('newPassword')} onChange={(e) => setNext(e.target.value)} />
      <Field
        label={t('console.account.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_DIGITS}
        value={code}
        onChange={(e) => setCode(digitsOnly(e.target.value, CODE_DIGITS))}
      />
      <p className="c-muted c-small">{t('console.account.renewText')}</p>
      <button type="button" className="h-btn h-btn--ghost c-btn" disabled={busy} onClick={() => void renew()}>
        {t('console.account.renew')}
      </button>
    </FormDialog>
  );
}

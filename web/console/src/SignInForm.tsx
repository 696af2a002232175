import { useState, type FormEvent } from 'react';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { t } from './i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { digitsOnly } from '@hiram/shared/format/format';
import { signIn, type Me } from './api';

interface Props {
  onSignedIn: (me: Me) => void;
  /** Why the form shows (the session ended), if there is a reason to say. */
  notice?: string | undefined;
}

const CODE_DIGITS = 6;

/**
 * Staff sign-in: e-mail, password and the authenticator app's 6-digit code.
 * The server answers every wrong detail alike (400) and too many tries from
 * this address with 429; either message shows under the form.
 */
export function SignInForm({ onSignedIn, notice }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password || code.length !== CODE_DIGITS) {
      setError(t('console.signIn.incomplete'));
      return;
    }
    setBusy(true);
    setError('');
    const result = await signIn(email.trim(), password, code);
    setBusy(false);
    if (result.success && result.data) {
      onSignedIn(result.data);
      return;
    }
    // A code works once: the next try needs the next one.
    setCode('');
    setError(result.message || t('error.server'));
  }

  return (
    <main className="c-signin">
      <section className="c-signin-card" aria-labelledby="c-signin-title">
        <LanguageSwitch className="c-lang c-signin-lang" />
        <h1 id="c-signin-title">{t('console.title')}</h1>
        <p className="c-muted">{t('console.signIn.text')}</p>
        {notice && !error && <p className="c-notice">{notice}</p>}
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('console.signIn.submit')}>
          <Field
            label={t('console.signIn.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <Field
            label={t('console.signIn.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label={t('console.signIn.code')}
            hint={t('console.signIn.codeHint')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_DIGITS}
            value={code}
            onChange={(e) => setCode(digitsOnly(e.target.value, CODE_DIGITS))}
          />
          {error && (
            <p className="h-error c-form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="h-btn h-btn--block" disabled={busy}>
            {busy ? t('common.loading') : t('console.signIn.submit')}
          </button>
        </form>
        <p className="c-muted c-small">
          <a href="/">{t('console.borrowers')}</a>
        </p>
      </section>
    </main>
  );
}

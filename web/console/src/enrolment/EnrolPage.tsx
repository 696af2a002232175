import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '@hiram/shared/ui/Field';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { digitsOnly } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { namedField } from '../refusal';
import { CONSOLE_BASE } from '../sections';
import { completeLink, linkToken, openLink, type EnrolmentPage } from './api';

type Step = { state: 'checking' } | { state: 'spent' } | { state: 'open'; page: EnrolmentPage } | { state: 'done' };

const CODE_DIGITS = 6;

/**
 * The page a member's enrolment link opens: their authenticator secret as a
 * QR code to scan, then their own password and the app's first code. The
 * link's secret never leaves the fragment except in form bodies, and the
 * page drops it from the address once read, so history keeps nothing.
 */
export function EnrolPage() {
  const [token] = useState(() => linkToken(window.location.hash));
  const [step, setStep] = useState<Step>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    let live = true;
    void openLink(token).then((result) => {
      if (!live) return;
      setStep(result.success && result.data ? { state: 'open', page: result.data } : { state: 'spent' });
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== repeat) {
      setRefused({ field: 'repeat', message: t('console.enrol.mismatch') });
      return;
    }
    setBusy(true);
    const result = await completeLink(token, password, code);
    setBusy(false);
    if (result.success) {
      setStep({ state: 'done' });
      return;
    }
    setCode('');
    const field = namedField(result);
    if (!field) {
      setStep({ state: 'spent' });
      return;
    }
    setRefused({ field, message: result.message });
  }

  const error = (field: string) => (refused?.field === field ? refused.message : undefined);

  return (
    <main className="c-signin">
      <section className="c-signin-card c-enrol" aria-labelledby="c-enrol-title">
        <LanguageSwitch className="c-lang c-signin-lang" />
        <h1 id="c-enrol-title">{t('console.enrol.title')}</h1>
        {step.state === 'checking' && <p role="status">{t('console.enrol.checking')}</p>}
        {step.state === 'spent' && (
          <p className="c-warning" role="alert">
            {t('console.enrol.spent')}
          </p>
        )}
        {step.state === 'done' && (
          <>
            <p role="status">{t('console.enrol.done')}</p>
            <a className="h-btn c-btn" href={`${CONSOLE_BASE}/`}>
              {t('console.enrol.signIn')}
            </a>
          </>
        )}
        {step.state === 'open' && (
          <>
            <p className="c-muted">{t('console.enrol.who', { name: step.page.name, email: step.page.email })}</p>
            <p>{t('console.enrol.step1')}</p>
            <img className="c-otpauth-qr" src={step.page.otpauthQr} alt={t('console.enrol.qr')} width={200} height={200} />
            <p className="c-small">
              {t('console.enrol.secret')}: <code className="c-secret">{step.page.totpSecret}</code>
            </p>
            <p>{t('console.enrol.step2')}</p>
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('console.enrol.submit')}>
              <input type="email" name="username" autoComplete="username" value={step.page.email} readOnly hidden />
              <Field label={t('console.enrol.password')} type="password" autoComplete="new-password" value={password} error={error('password')} onChange={(e) => setPassword(e.target.value)} />
              <Field label={t('console.enrol.repeat')} type="password" autoComplete="new-password" value={repeat} error={error('repeat')} onChange={(e) => setRepeat(e.target.value)} />
              <Field
                label={t('console.enrol.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_DIGITS}
                value={code}
                error={error('code')}
                onChange={(e) => setCode(digitsOnly(e.target.value, CODE_DIGITS))}
              />
              <button type="submit" className="h-btn h-btn--block" disabled={busy}>
                {t('console.enrol.submit')}
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { digitsOnly, formatPhoneInput, phoneDigits } from '@hiram/shared/format/format';
import { chooseLocale, fillNodes, getLocale, type Locale } from '@hiram/shared/i18n/i18n';
import { t } from './texts';
import { LanguageSwitch } from '@hiram/shared/i18n/LanguageSwitch';
import { rememberCarried, safeRedirect, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { clearSessionEnded } from '@hiram/shared/session/sessionEnded';
import { tradeSession } from '@hiram/shared/session/webSession';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { useCountdown } from '@hiram/shared/ui/useCountdown';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { loginInitQuery, useLoginInit } from './api/loginInit';
import { passwordLogin } from './api/passwordLogin';
import { resetPassword } from './api/resetPassword';
import { sendCode, type CodeChannel, type CodePurpose } from './api/sendCode';
import { smsCodeLogin } from './api/smsCodeLogin';
import { codeError, newPasswordError, passwordError, PASSWORD_MAX_CHARS, phoneError } from './rules';
import { Link } from '../../components/Link';

type Mode = 'code' | 'password' | 'reset';
type Errors = Partial<Record<'phone' | 'code' | 'password', string>>;

function savedLanguage(language: string | null | undefined): Locale | null {
  return language === 'en' || language === 'fil' ? language : null;
}

/** The start-up's call for this page (start.ts): how long a code lasts and how it may be sent. */
export function prefetch(client: QueryClient) {
  return client.prefetchQuery(loginInitQuery);
}

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const init = useLoginInit();
  const [mode, setMode] = useState<Mode>('code');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const loginTimer = useCountdown();
  const resetTimer = useCountdown();
  const timer = mode === 'reset' ? resetTimer : loginTimer;

  const switchMode = (next: Mode) => {
    setMode(next);
    setCode('');
    setPassword('');
    setErrors({});
  };

  const requestCode = async (channel: CodeChannel) => {
    if (timer.running) {
      showToast(t('otp.tooSoon'));
      return;
    }
    const phoneProblem = phoneError(phone);
    setErrors({ phone: phoneProblem });
    if (phoneProblem || busy) return;
    setBusy(true);
    const purpose: CodePurpose = mode === 'reset' ? 'reset_pwd' : 'login';
    const result = await sendCode(channel, phone, purpose);
    setBusy(false);
    if (result.success) {
      showToast(t(channel === 'voice' ? 'otp.calling' : 'otp.sent'));
      timer.start(result.data?.resendSeconds ?? init.resendSeconds);
    } else if (result.data && 'retryAfterSeconds' in result.data && result.data.retryAfterSeconds) {
      // 429: the helper has shown the server's message; wait as told.
      timer.start(result.data.retryAfterSeconds);
    }
  };

  /**
   * In with the session; the server has saved the language this page runs
   * in if the borrower chose it here, else tells the one they chose before,
   * which the next page opens in (decision 046).
   */
  const finish = async (sessionId: string, language: Locale | null | undefined) => {
    if (language) rememberCarried('lang', language);
    // The session becomes the pages' HttpOnly cookie, never part of an address.
    await tradeSession(sessionId);
    // The pages have a session again: what they read without one (empty
    // answers, the notice that it had ended) goes.
    queryClient.clear();
    clearSessionEnded();
    void navigate(withCarriedQuery(safeRedirect(search.get('redirect'))), { replace: true });
    if (language && language !== getLocale()) void chooseLocale(language);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Errors = { phone: phoneError(phone) };
    if (mode !== 'password') next.code = codeError(code, init.codeLength);
    if (mode === 'password') next.password = passwordError(password);
    if (mode === 'reset') next.password = newPasswordError(password);
    setErrors(next);
    if (next.phone || next.code || next.password) return;

    setBusy(true);
    if (mode === 'reset') {
      const result = await resetPassword(phone, code, password);
      setBusy(false);
      if (result.success) {
        showToast(t('login.reset.done'));
        switchMode('password');
      }
      return;
    }
    const result = mode === 'code' ? await smsCodeLogin(phone, code) : await passwordLogin(phone, password);
    setBusy(false);
    if (result.success && result.data?.sessionId) await finish(result.data.sessionId, savedLanguage(result.data.language));
  };

  const codeLabel = timer.running ? t('login.countdown', { seconds: timer.left }) : t('login.getCode');

  return (
    <>
      <PageHeader title={t(mode === 'reset' ? 'login.reset.title' : 'page.login')} />
      <main className="app-main">
        <div className="app-lang-row">
          <LanguageSwitch />
        </div>
        {init.passwordLoginAvailable && mode !== 'reset' && (
          <div className="app-tabs" role="tablist">
            {(['code', 'password'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className="app-tab"
                onClick={() => switchMode(m)}
              >
                {t(m === 'code' ? 'login.tab.code' : 'login.tab.password')}
              </button>
            ))}
          </div>
        )}
        <form className="h-card" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            label={t('login.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="0917 123 4567"
            value={formatPhoneInput(phone)}
            onChange={(e) => setPhone(phoneDigits(e.target.value))}
            error={errors.phone}
          />
          {mode !== 'password' && (
            <>
              <Field
                label={t('login.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={init.codeLength}
                value={code}
                onChange={(e) => setCode(digitsOnly(e.target.value, init.codeLength))}
                error={errors.code}
                addon={
                  <button type="button" className="h-btn h-btn--ghost app-code-btn" onClick={() => void requestCode('sms')}>
                    {codeLabel}
                  </button>
                }
              />
              {init.voiceCodeAvailable && (
                <button type="button" className="h-link-btn" onClick={() => void requestCode('voice')}>
                  {t('login.voice')}
                </button>
              )}
            </>
          )}
          {mode !== 'code' && (
            <Field
              label={t(mode === 'reset' ? 'login.newPassword' : 'login.password')}
              type="password"
              autoComplete={mode === 'reset' ? 'new-password' : 'current-password'}
              maxLength={PASSWORD_MAX_CHARS}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
          )}
          <p className="app-hint app-agree">
            {fillNodes(t('login.agree'), {
              terms: <Link to={appLink('/loanTerms')}>{t('login.agree.terms')}</Link>,
              privacy: <Link to={appLink('/privacyPolicy')}>{t('login.agree.privacy')}</Link>,
            })}
          </p>
          <button type="submit" className="h-btn h-btn--block" disabled={busy}>
            {t(mode === 'reset' ? 'login.reset.submit' : 'login.submit')}
          </button>
          {mode === 'password' && (
            <button type="button" className="h-link-btn" onClick={() => switchMode('reset')}>
              {t('login.forgot')}
            </button>
          )}
          {mode === 'reset' && (
            <button type="button" className="h-link-btn" onClick={() => switchMode('password')}>
              {t('login.backToLogin')}
            </button>
          )}
        </form>
      </main>
    </>
  );
}

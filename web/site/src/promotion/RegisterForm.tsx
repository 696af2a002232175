import { useEffect, useState, type FormEvent } from 'react';
import { digitsOnly, formatPhoneInput, isValidPhMobile, phoneDigits } from '@hiram/shared/format/format';
import { t, tNodes } from '../i18n/i18n';
import { markWebSession } from '@hiram/shared/session/webSession';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { useCountdown } from '@hiram/shared/ui/useCountdown';
import { captchaAudioUrl, captchaUrl, getSid } from './api/captcha';
import { getSms, PROMO_CODES, register, type PromotionContext } from './api/register';
import { reportConversion, trackClick } from './api/track';

/** Spec §9 registration caps; the captcha is four digits, in the picture or as tones. */
export const CAPTCHA_MAX_CHARS = 4;
export const SMS_CODE_MAX_DIGITS = 6;
export const DOWNLOAD_HASH = '#/downloadTemplate';

type Errors = Partial<Record<'phone' | 'captcha' | 'sms', string>>;

interface RegisterFormProps {
  params: URLSearchParams;
  appName: string;
  buttonText: string;
}

function goToDownload(message: string) {
  showToast(message);
  window.location.hash = DOWNLOAD_HASH;
}

export function RegisterForm({ params, appName, buttonText }: RegisterFormProps) {
  const [sid, setSid] = useState('');
  const [stamp, setStamp] = useState(() => Date.now());
  // The captcha as tones instead of the picture (decision 047); either draws
  // the sid's one answer, so switching draws a new one.
  const [listening, setListening] = useState(false);
  const [phone, setPhone] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [sms, setSms] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();

  // The captcha's session, asked for at once and again whenever a failed ask
  // (no network) is cleared by a tap on the picture's place.
  const [sidFailed, setSidFailed] = useState(false);
  useEffect(() => {
    if (sidFailed) return;
    let live = true;
    void getSid().then((result) => {
      if (!live) return;
      if (result.success && result.data?.sid) setSid(result.data.sid);
      else setSidFailed(true);
    });
    return () => {
      live = false;
    };
  }, [sidFailed]);

  const ctx: PromotionContext = { sid, appName, params };
  const phoneProblem = () => (isValidPhMobile(phone) ? undefined : t('validation.phone'));
  const captchaProblem = () => (captcha.trim() === '' ? t('validation.captcha') : undefined);
  const newPicture = () => {
    setCaptcha('');
    setStamp(Date.now());
  };

  const switchCaptcha = () => {
    setListening(!listening);
    newPicture();
  };

  const refreshCaptcha = () => {
    const problem = phoneProblem();
    setErrors({ phone: problem });
    if (!problem) newPicture();
  };

  const requestSms = async () => {
    if (countdown.running) {
      showToast(t('otp.tooSoon'));
      return;
    }
    const next: Errors = { phone: phoneProblem(), captcha: captchaProblem() };
    setErrors(next);
    if (next.phone || next.captcha || busy || !sid) return;
    setBusy(true);
    const result = await getSms(ctx, phone, captcha);
    setBusy(false);
    if (result.code === PROMO_CODES.ok) {
      showToast(t('otp.sent'));
      countdown.start();
    } else if (result.code === PROMO_CODES.alreadyRegistered) {
      goToDownload(t('promo.alreadyRegistered'));
    } else {
      if (result.code === PROMO_CODES.smsWrongCaptcha) newPicture();
      showToast(result.message || t('error.server'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      phone: phoneProblem(),
      captcha: captchaProblem(),
      sms: sms.trim() === '' ? t('validation.smsCode') : undefined,
    };
    setErrors(next);
    if (next.phone || next.captcha || next.sms || busy || !sid) return;
    trackClick(params, phone);
    setBusy(true);
    const result = await register(ctx, phone, captcha, sms);
    setBusy(false);
    if (result.code === PROMO_CODES.ok) {
      const uc = params.get('UC');
      if (uc) reportConversion(uc);
      // The server signed the new borrower in (its session cookie).
      markWebSession();
      goToDownload(t('promo.registered'));
    } else if (result.code === PROMO_CODES.alreadyRegistered) {
      goToDownload(t('promo.alreadyRegistered'));
    } else {
      if (result.code === PROMO_CODES.registerWrongCaptcha) newPicture();
      showToast(result.message || t('error.server'));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Field
        label={t('promo.form.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="0917 123 4567"
        value={formatPhoneInput(phone)}
        onChange={(e) => setPhone(phoneDigits(e.target.value))}
        error={errors.phone}
      />
      <Field
        label={listening ? t('promo.form.captchaHeard') : t('promo.form.captcha')}
        hint={listening ? t('promo.form.captchaAudioHint') : undefined}
        autoComplete="off"
        autoCapitalize="off"
        inputMode="numeric"
        maxLength={CAPTCHA_MAX_CHARS}
        value={captcha}
        onChange={(e) => setCaptcha(digitsOnly(e.target.value, CAPTCHA_MAX_CHARS))}
        error={errors.captcha}
        addon={
          // The picture's place and the switch are there before the sid is:
          // the page keeps its shape when the picture comes (no layout
          // shift, nothing replaced; issue 34).
          listening ? (
            <audio className="promo-captcha-audio" controls autoPlay src={captchaAudioUrl(sid, stamp)} aria-label={t('promo.form.captchaAudio')} />
          ) : (
            <button
              type="button"
              className="promo-captcha"
              onClick={sid ? refreshCaptcha : () => setSidFailed(false)}
              disabled={!sid && !sidFailed}
              aria-label={t('promo.form.captchaRefresh')}
            >
              <img src={sid ? captchaUrl(sid, stamp) : undefined} alt="" width={132} height={48} />
            </button>
          )
        }
      />
      <button type="button" className="h-link-btn promo-captcha-switch" onClick={switchCaptcha} disabled={!sid}>
        {listening ? t('promo.form.captchaSee') : t('promo.form.captchaListen')}
      </button>
      <Field
        label={t('promo.form.sms')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_MAX_DIGITS}
        value={sms}
        onChange={(e) => setSms(e.target.value.replace(/\D/g, '').slice(0, SMS_CODE_MAX_DIGITS))}
        error={errors.sms}
        addon={
          <button type="button" className="h-btn h-btn--ghost promo-code-btn" onClick={() => void requestSms()}>
            {countdown.running ? t('login.countdown', { seconds: countdown.left }) : t('login.getCode')}
          </button>
        }
      />
      <p className="promo-agree">
        {tNodes('promo.form.agree', { agreement: <a href="#/agreementTemplate">{t('promo.agreement.title')}</a> })}
      </p>
      <button type="submit" className="h-btn h-btn--block" disabled={busy}>
        {buttonText}
      </button>
    </form>
  );
}

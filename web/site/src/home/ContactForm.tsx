import { useState, type FormEvent } from 'react';
import { t } from '../i18n/i18n';

const FIELDS = [
  { name: 'name', label: 'site.contact.name', type: 'text', autoComplete: 'name' },
  { name: 'telephone', label: 'site.contact.telephone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'site.contact.email', type: 'email', autoComplete: 'email' },
] as const;

type Values = Record<'name' | 'telephone' | 'email' | 'remark', string>;

const EMPTY: Values = { name: '', telephone: '', email: '', remark: '' };

/**
 * Spec §5: all four fields required; any empty → "Please provide complete
 * information!" and what was typed stays; otherwise "Successful!" and the
 * form empties, so the visitor sees it was taken. No call is made.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const complete = Object.values(values).every((v) => v.trim() !== '');
    if (complete) {
      setValues(EMPTY);
      setMessage({ ok: true, text: t('site.contact.success') });
    } else {
      setMessage({ ok: false, text: t('site.contact.incomplete') });
    }
  };
  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  return (
    <form className="site-form" noValidate onSubmit={submit}>
      {FIELDS.map((f) => (
        <label key={f.name} className="h-field">
          <span>{t(f.label)}</span>
          <input className="h-input" type={f.type} autoComplete={f.autoComplete} value={values[f.name]} onChange={set(f.name)} />
        </label>
      ))}
      <label className="h-field">
        <span>{t('site.contact.remark')}</span>
        <textarea className="h-input" rows={3} value={values.remark} onChange={set('remark')} />
      </label>
      <button type="submit" className="h-btn">
        {t('site.contact.submit')}
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'site-ok' : 'h-error'}>
          {message.text}
        </p>
      )}
    </form>
  );
}

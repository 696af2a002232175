import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatPhone, isValidPhMobile } from '@hiram/shared/format/format';
import { t, type TestPreviewKey } from './texts';
import { carriedQuery } from '@hiram/shared/query/pageQuery';
import { Field } from '@hiram/shared/ui/Field';
import { PageHeader } from '../../components/PageHeader';
import { Link } from '../../components/Link';

/** The device and session fields, in the order shown, with their query names. */
export const PREVIEW_FIELDS = [
  { name: 'appVersion', label: 'testPreview.appVersion' },
  { name: 'deviceName', label: 'testPreview.deviceName' },
  { name: 'deviceId', label: 'testPreview.deviceId' },
  { name: 'osVersion', label: 'testPreview.osVersion' },
  { name: 'sessionId', label: 'testPreview.sessionId' },
  { name: 'advertisingId', label: 'testPreview.advertisingId' },
  { name: 'productId', label: 'testPreview.productId' },
  { name: 'orderId', label: 'testPreview.orderId' },
] as const satisfies readonly { name: string; label: TestPreviewKey }[];

type FieldName = (typeof PREVIEW_FIELDS)[number]['name'];

export const PREVIEW_LINKS = [
  { path: '/loanConfirm', label: 'testPreview.link.loanConfirm' },
  { path: '/loanDetails', label: 'testPreview.link.loanDetails' },
  { path: '/repaymentByPeriod', label: 'testPreview.link.repayment' },
  { path: '/repayDelay', label: 'testPreview.link.extension' },
  { path: '/bindBank', label: 'testPreview.link.bindBank' },
  { path: '/aboutUs', label: 'testPreview.link.aboutUs' },
  { path: '/complaint', label: 'testPreview.link.complaint' },
  { path: '/customerService', label: 'testPreview.link.customerService' },
  { path: '/privacyPolicy', label: 'testPreview.link.privacyPolicy' },
  { path: '/paymentInstructions', label: 'testPreview.link.paymentInstructions' },
] as const satisfies readonly { path: string; label: TestPreviewKey }[];

function PhotoPicker() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  return (
    <section className="h-card" aria-labelledby="tp-photo">
      <h2 id="tp-photo">{t('testPreview.photo')}</h2>
      <label className="h-field">
        <span>{t('testPreview.photoPick')}</span>
        <input
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => {
            const file = e.target.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
      </label>
      {preview && <img className="app-preview" src={preview} alt={t('testPreview.photoPreview')} />}
    </section>
  );
}

function ContactForm() {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: { name?: string; phone?: string } = {};
    if (!name.trim()) next.name = t('validation.required');
    if (!isValidPhMobile(phone)) next.phone = t('validation.phone');
    setErrors(next);
    setSaved(
      Object.keys(next).length === 0
        ? t('testPreview.contactSaved', { name: name.trim(), phone: formatPhone(phone) })
        : null,
    );
  };

  return (
    <section className="h-card" aria-labelledby="tp-contact">
      <h2 id="tp-contact">{t('testPreview.contact')}</h2>
      <form noValidate onSubmit={submit}>
        <Field label={t('testPreview.contactName')} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        <Field
          label={t('testPreview.contactPhone')}
          value={phone}
          error={errors.phone}
          onChange={(e) => setPhone(e.target.value)}
          inputMode="tel"
          autoComplete="tel"
          maxLength={16}
        />
        <button type="submit" className="h-btn h-btn--block">
          {t('testPreview.contactSave')}
        </button>
      </form>
      {saved && <p role="status">{saved}</p>}
    </section>
  );
}

function LocationBlock() {
  const [coords, setCoords] = useState<{ longitude: number; latitude: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(t('testPreview.unsupportedBrowser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setError(null);
        setCoords({ longitude: position.coords.longitude, latitude: position.coords.latitude });
      },
      (failure) => setError(t('testPreview.locationFailed', { reason: failure.message })),
      { enableHighAccuracy: false, timeout: 15_000 },
    );
  };

  return (
    <section className="h-card" aria-labelledby="tp-location">
      <h2 id="tp-location">{t('testPreview.location')}</h2>
      <button type="button" className="h-btn" onClick={locate}>
        {t('testPreview.getLocation')}
      </button>
      {coords && (
        <dl>
          <div className="app-row">
            <dt>{t('testPreview.longitude')}</dt>
            <dd>{coords.longitude}</dd>
          </div>
          <div className="app-row">
            <dt>{t('testPreview.latitude')}</dt>
            <dd>{coords.latitude}</dd>
          </div>
        </dl>
      )}
      {error && <p className="h-error">{error}</p>}
    </section>
  );
}

export default function TestPreviewPage() {
  const [search] = useSearchParams();
  const [values, setValues] = useState<Record<FieldName, string>>(() => {
    const initial = {} as Record<FieldName, string>;
    for (const f of PREVIEW_FIELDS) {
      initial[f.name] = search.get(f.name) ?? (f.name === 'productId' ? (search.get('product_id') ?? '') : '');
    }
    return initial;
  });

  const linkQuery = () => {
    const q = carriedQuery();
    for (const f of PREVIEW_FIELDS) {
      if (values[f.name] !== '') q.set(f.name, values[f.name]);
      else q.delete(f.name);
    }
    return q.toString();
  };
  const query = linkQuery();

  return (
    <>
      <PageHeader title={t('page.testPreview')} />
      <main className="app-main">
        <section className="h-card" aria-labelledby="tp-fields">
          <h2 id="tp-fields">{t('testPreview.fields')}</h2>
          {PREVIEW_FIELDS.map((f) => (
            <Field
              key={f.name}
              label={t(f.label)}
              name={f.name}
              value={values[f.name]}
              // The session is a key to the borrower's account: hidden like a
              // password, so a screenshot or someone nearby does not carry it off.
              {...(f.name === 'sessionId' ? { type: 'password', autoComplete: 'off' } : {})}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
        </section>
        <section className="h-card" aria-labelledby="tp-pages">
          <h2 id="tp-pages">{t('testPreview.pages')}</h2>
          <ul className="app-links">
            {PREVIEW_LINKS.map((l) => (
              <li key={l.path}>
                <Link to={`${l.path}${query ? `?${query}` : ''}`}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <PhotoPicker />
        <ContactForm />
        <LocationBlock />
      </main>
    </>
  );
}

import { useId, useState, type ChangeEvent } from 'react';
import { t } from '@hiram/shared/i18n/i18n';
import { PICTURE_TYPES, sendPicture, type UploadPicture } from '../../lib/pictures';
import type { FormItemShape } from './formItem';

/**
 * A "photo" item: the borrower takes (or picks) the picture, it is shrunk
 * if big and uploaded at once, and the item's value becomes the address the
 * server answered. The ID is taken with the back camera, the selfie with
 * the front one.
 */
export function PhotoField({
  item,
  value,
  error,
  upload,
  onChange,
}: {
  item: FormItemShape;
  value: string;
  error: string | undefined;
  upload: UploadPicture;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file || busy) return;
    setBusy(true);
    const picture = await sendPicture(file, upload);
    setBusy(false);
    if (!picture) return;
    setPreview(picture.preview);
    onChange(picture.url);
  };

  const shown = preview || value;
  return (
    <div className="h-field app-photo">
      <span className="app-photo-title" id={`${id}-label`}>
        {item.title}
        {item.required && <span aria-hidden="true"> *</span>}
      </span>
      {item.subtitle && <p className="h-hint">{item.subtitle}</p>}
      {shown && <img className="app-photo-preview" src={shown} alt={t('certify.photoTaken').replace('{name}', item.title)} />}
      <label className="h-btn h-btn--ghost" htmlFor={id}>
        {shown ? t('certify.photoRetake') : t('certify.photoTake')}
      </label>
      <input
        id={id}
        name={item.code}
        className="app-photo-input"
        type="file"
        accept={PICTURE_TYPES}
        capture={item.code === 'selfie' ? 'user' : 'environment'}
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={busy}
        onChange={(e) => void pick(e)}
      />
      <p className="h-hint">{t('certify.photoConsent')}</p>
      {error && (
        <p className="h-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

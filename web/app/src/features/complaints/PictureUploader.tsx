import { useState, type ChangeEvent } from 'react';
import { t } from '@hiram/shared/i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';
import { uploadProblemImage } from './api/uploadProblemImage';
import { MAX_COMPLAINT_PICTURES } from './rules';
import { shrinkPicture } from './shrinkPicture';

export interface Picture {
  /** Where the server keeps it: what the complaint sends. */
  url: string;
  /** A local address of the bytes sent, for the thumbnail (no second download). */
  preview: string;
}

/** The formats the server accepts (decision 011). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Thumbnails of the complaint's pictures and a picker that takes one picture
 * at a time, shrinks it if big, uploads it, and hides once there are
 * MAX_COMPLAINT_PICTURES (spec §5).
 */
export function PictureUploader({
  pictures,
  onAdd,
  onRemove,
}: {
  pictures: readonly Picture[];
  onAdd: (picture: Picture) => void;
  onRemove: (index: number) => void;
}) {
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same picture may be chosen again after removing it.
    input.value = '';
    if (!file || busy || pictures.length >= MAX_COMPLAINT_PICTURES) return;
    setBusy(true);
    const picture = await shrinkPicture(file);
    const result = await uploadProblemImage(picture, picture === file ? file.name : 'photo.jpg');
    setBusy(false);
    const url = result.success ? (result.data?.url ?? '') : '';
    if (!url) return;
    showToast(t('complaint.uploaded'));
    onAdd({ url, preview: URL.createObjectURL(picture) });
  };

  return (
    <ul className="app-pictures" aria-label={t('complaint.pictures', { max: MAX_COMPLAINT_PICTURES })}>
      {pictures.map((picture, i) => (
        <li key={picture.preview}>
          <img src={picture.preview} alt={t('complaint.picture', { n: i + 1 })} />
          <button
            type="button"
            className="app-picture-remove"
            aria-label={t('complaint.removePicture', { n: i + 1 })}
            onClick={() => onRemove(i)}
          >
            ×
          </button>
        </li>
      ))}
      {pictures.length < MAX_COMPLAINT_PICTURES && (
        <li>
          <label className="app-picture-add" aria-disabled={busy || undefined}>
            <span aria-hidden="true">+</span>
            <input
              type="file"
              accept={ACCEPT}
              aria-label={t('complaint.addPicture')}
              className="app-visually-hidden"
              disabled={busy}
              onChange={(event) => void pick(event)}
            />
          </label>
        </li>
      )}
    </ul>
  );
}

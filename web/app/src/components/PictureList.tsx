import { useState, type ChangeEvent } from 'react';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PICTURE_TYPES, sendPicture, type Picture, type UploadPicture } from '../lib/pictures';

/** What a picture list says, in the feature's own words. */
export interface PictureListTexts {
  list: string;
  picture: (n: number) => string;
  remove: (n: number) => string;
  add: string;
  uploaded: string;
}

/**
 * Thumbnails with Remove, and a picker that takes one picture at a time,
 * shrinks it if big, uploads it with `upload`, and hides once there are
 * `max` (complaint pictures, a bookkeeping receipt).
 */
export function PictureList({
  pictures,
  max,
  upload,
  texts,
  onAdd,
  onRemove,
}: {
  pictures: readonly Picture[];
  max: number;
  upload: UploadPicture;
  texts: PictureListTexts;
  onAdd: (picture: Picture) => void;
  onRemove: (index: number) => void;
}) {
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same picture may be chosen again after removing it.
    input.value = '';
    if (!file || busy || pictures.length >= max) return;
    setBusy(true);
    const picture = await sendPicture(file, upload);
    setBusy(false);
    if (!picture) return;
    showToast(texts.uploaded);
    onAdd(picture);
  };

  return (
    <ul className="app-pictures" aria-label={texts.list}>
      {pictures.map((picture, i) => (
        <li key={picture.preview}>
          <img src={picture.preview} alt={texts.picture(i + 1)} />
          <button type="button" className="app-picture-remove" aria-label={texts.remove(i + 1)} onClick={() => onRemove(i)}>
            ×
          </button>
        </li>
      ))}
      {pictures.length < max && (
        <li>
          <label className="app-picture-add" aria-disabled={busy || undefined}>
            <span aria-hidden="true">+</span>
            <input
              type="file"
              accept={PICTURE_TYPES}
              aria-label={texts.add}
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

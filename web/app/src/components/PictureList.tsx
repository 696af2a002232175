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
  /** More were picked than fit: only the first `n` were added. */
  onlySome?: (n: number) => string;
}

/**
 * Thumbnails with Remove, and a picker that takes as many pictures in one
 * pick as still fit (one when `max` is 1), shrinks each if big, uploads them
 * one after another with `upload`, and hides once there are `max`
 * (complaint pictures, a bookkeeping receipt). A refused picture stops the
 * rest; the request helper has toasted why, and those already sent stay.
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

  const room = max - pictures.length;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // The same picture may be chosen again after removing it.
    input.value = '';
    if (files.length === 0 || busy || room <= 0) return;
    const taken = files.slice(0, room);
    setBusy(true);
    let added = 0;
    for (const file of taken) {
      const picture = await sendPicture(file, upload);
      if (!picture) break;
      onAdd(picture);
      added += 1;
    }
    setBusy(false);
    if (added < taken.length) return;
    showToast(files.length > taken.length && texts.onlySome ? texts.onlySome(taken.length) : texts.uploaded);
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
              multiple={room > 1}
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

// Sending one picture the borrower chose: shrunk when big, then uploaded by
// the feature's own call (each picture has its purpose on the server). The
// complaint form and the income and expense book share it.
import type { Settled } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { shrinkPicture } from './shrinkPicture';

export type UploadedImage = components['schemas']['UploadedImage'];

/** The formats the server accepts (decision 011), for an `<input accept>`. */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

export interface Picture {
  /** Where the server keeps it: what a form sends. */
  url: string;
  /** A local address of the bytes sent, for the thumbnail (no second download). */
  preview: string;
}

/** A feature's upload: on success the picture's address; a refusal (a 429's wait ...) is the helper's to toast. */
export type UploadPicture = (picture: Blob, name: string) => Promise<Settled<true, UploadedImage> | Settled<false, unknown>>;

/**
 * Shrinks `file` if big and uploads it with `upload`. Null when the server
 * refused it (the request helper has toasted why).
 */
export async function sendPicture(file: File, upload: UploadPicture): Promise<Picture | null> {
  const picture = await shrinkPicture(file);
  const result = await upload(picture, picture === file ? file.name : 'photo.jpg');
  const url = result.success ? (result.data?.url ?? '') : '';
  if (!url) return null;
  return { url, preview: URL.createObjectURL(picture) };
}

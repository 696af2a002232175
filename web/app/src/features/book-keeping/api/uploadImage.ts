import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';

export const UPLOAD_IMAGE_PATH = '/book-keeping/upload-image';
/** The multipart field the server reads the receipt from. */
export const RECEIPT_FIELD = 'image';

/** A receipt picture; `data.url` goes in the entry's `image`. */
export function uploadReceipt(picture: Blob, name: string) {
  const form = new FormData();
  form.append(RECEIPT_FIELD, picture, name);
  return formApi.post(UPLOAD_IMAGE_PATH, form, { loading: t('book.uploading'), idempotent: true });
}

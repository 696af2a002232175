import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';

export const UPLOAD_IDENTITY_PHOTO_PATH = '/credit-info/upload-image';
export const GRANT_CONSENT_PATH = '/v3/consent/grant';
/** The multipart field the server reads the picture from. */
export const IDENTITY_PHOTO_FIELD = 'image';

/**
 * One identity photo (the ID, or the selfie with it): the server keeps it
 * only under the photos consent (D4), which the borrower gives by taking it
 * after being told so beside the field (decision 088); `data.url` is the
 * KYC answer.
 */
export async function uploadIdentityPhoto(picture: Blob, name: string) {
  const granted = await formApi.post(GRANT_CONSENT_PATH, { kind: 'photos', granted: 1 }, { silent: true });
  if (!granted.success) return granted;
  const form = new FormData();
  form.append(IDENTITY_PHOTO_FIELD, picture, name);
  return formApi.post(UPLOAD_IDENTITY_PHOTO_PATH, form, { loading: t('certify.photoUploading'), idempotent: true });
}

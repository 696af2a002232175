import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';

export type UploadedImage = components['schemas']['UploadedImage'];

export const UPLOAD_PROBLEM_IMAGE_PATH = '/user-problem/upload-problem-img';
/** The multipart field the server reads the picture from. */
export const PROBLEM_IMAGE_FIELD = 'problemImage';

/** One picture for a complaint; `data.url` goes in the complaint's problemImage list. */
export function uploadProblemImage(picture: Blob, name: string) {
  const form = new FormData();
  form.append(PROBLEM_IMAGE_FIELD, picture, name);
  return formApi.post(UPLOAD_PROBLEM_IMAGE_PATH, form, { loading: t('complaint.uploading'), idempotent: true });
}

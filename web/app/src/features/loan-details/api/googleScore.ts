import { formApi } from '@hiram/shared/api/endpoints';

export const GOOGLE_SCORE_PATH = '/v3/loan-details/google-score';

/** The score the page reports for a 4- or 5-star rating (spec §9: always 5). */
export const REPORTED_SCORE = 5;

/** Records the borrower's store rating. A failure does nothing (spec §8): silent. */
export function googleScore() {
  return formApi.post(GOOGLE_SCORE_PATH, { score: REPORTED_SCORE }, { silent: true });
}

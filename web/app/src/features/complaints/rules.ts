// The complaint rules the pages apply (spec §4, §5, §9); the server checks them again.

/** Question type 1 is collection: it needs a sub-type and a loan in repayment. */
export const COLLECTION_TYPE = 1;
/** Characters of the description; what is typed beyond is ignored. */
export const MAX_COMPLAINT_CHARS = 200;
/** Pictures on one complaint; the picker hides at this many. */
export const MAX_COMPLAINT_PICTURES = 9;
/** How long after the detail loads the rating modal opens. */
export const RATING_DELAY_MS = 3000;

/** The text cut to the cap, counted in characters as the server counts them (an emoji is one). */
export function capComplaintText(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_COMPLAINT_CHARS ? chars.slice(0, MAX_COMPLAINT_CHARS).join('') : text;
}

export function complaintLength(text: string): number {
  return Array.from(text).length;
}

/** Whether a collection complaint may be filed about this order (the server's isShow). */
export function allowsCollection(order: { isShow: number } | null | undefined): boolean {
  return order?.isShow === 1;
}

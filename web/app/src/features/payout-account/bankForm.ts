// The rules of the bind form (spec §3, §4 "Bind bank"): the card-type tabs,
// which items each tab shows, what is sent and where.
import { BIND_CHANGE_PATH, BIND_LOAN_DETAIL_PATH, BIND_NEW_PATH, type BankSubmission, type BindPath } from './api/bindCard';
import type { BankFormItem } from './api/getBankForm';

/** The item whose options become the tab strip; its code takes the chosen card type. */
export const CARD_TYPE_CODE = 'cardType';
/** Spec §4 defaults: a bank account (card type 1) over channel 90006 (InstaPay). */
export const DEFAULT_CARD_TYPE = '1';
export const BANK_CARD_TYPE = 1;
export const DEFAULT_CHANNEL = 90006;
/** The `source` of a binding started from order details. */
export const LOAN_DETAIL_SOURCE = 'loanDetail';

export function cardTypeItem(items: readonly BankFormItem[]): BankFormItem | undefined {
  return items.find((item) => item.code === CARD_TYPE_CODE);
}

/** The tab chosen first: the server's value when it is one of the tabs, else card type 1. */
export function initialCardType(items: readonly BankFormItem[]): string {
  const field = cardTypeItem(items);
  if (field && field.note.some((option) => option.type === field.value)) return field.value;
  return DEFAULT_CARD_TYPE;
}

/**
 * Spec §4: an item is hidden if its cardTypeMi is neither 0 nor the current
 * card type; with card type 1, also if its channelNumber is not the current
 * channel.
 */
export function isShown(item: BankFormItem, cardType: number, channel: number): boolean {
  if (item.cardTypeMi !== 0 && item.cardTypeMi !== cardType) return false;
  if (cardType === BANK_CARD_TYPE && item.channelNumber !== channel) return false;
  return true;
}

/** The inputs on screen for a card type (the card-type item is the tab strip, not an input). */
export function shownItems(items: readonly BankFormItem[], cardType: string, channel = DEFAULT_CHANNEL): BankFormItem[] {
  return items.filter((item) => item.code !== CARD_TYPE_CODE && isShown(item, Number(cardType), channel));
}

/**
 * Spec §3 "Bank submission": each shown field's code → its value (an
 * enum's value is the chosen option's type), the card type under its code,
 * and product_id.
 */
export function submission(
  items: readonly BankFormItem[],
  values: Readonly<Record<string, string>>,
  cardType: string,
  productId: string,
): BankSubmission {
  const form: BankSubmission = {};
  if (cardTypeItem(items)) form[CARD_TYPE_CODE] = cardType;
  for (const item of shownItems(items, cardType)) form[item.code] = values[item.code] ?? '';
  form.product_id = productId;
  return form;
}

/** From order details its own path; otherwise a first binding or a change of account. */
export function bindPath(source: string, current: string): BindPath {
  if (source === LOAN_DETAIL_SOURCE) return BIND_LOAN_DETAIL_PATH;
  return current ? BIND_CHANGE_PATH : BIND_NEW_PATH;
}

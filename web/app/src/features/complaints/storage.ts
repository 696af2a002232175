// The order a complaint is about, kept in local storage from the complaint home
// to the form (spec §4) and cleared once the complaint is sent.

export const COMPLAINT_ORDER_KEY = 'complaintOrderNo';

export function storeComplaintOrder(orderNo: string): void {
  try {
    localStorage.setItem(COMPLAINT_ORDER_KEY, orderNo);
  } catch {
    // Storage disabled (private mode): the form still has the orderNo query.
  }
}

export function readComplaintOrder(): string {
  try {
    return localStorage.getItem(COMPLAINT_ORDER_KEY) ?? '';
  } catch {
    return '';
  }
}

export function clearComplaintOrder(): void {
  try {
    localStorage.removeItem(COMPLAINT_ORDER_KEY);
  } catch {
    // Nothing was kept.
  }
}

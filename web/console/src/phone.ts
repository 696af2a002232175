// A borrower's mobile number as the console shows it: its last four digits
// only, `•••• ••• 0100`, in every section (decision 087). The server sends
// numbers in two forms (`0917 *** 0100` in orders and borrowers, `•••• •••
// 0100` elsewhere); this is the one way they show.
// The whole number is for the Borrowers section's reveal, which asks for a
// reason and is written to the audit log.

const HIDDEN = '•••• •••';

/** `•••• ••• 0100` from any form of a number; text with fewer than four digits, as it is. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return phone;
  return `${HIDDEN} ${digits.slice(-4)}`;
}

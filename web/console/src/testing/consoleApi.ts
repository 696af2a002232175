// Test helpers for the console: replies in the server's envelope, staff
// members of each role (permissions as hiram_domain::staff gives them), and
// a fetch stub for /api/console.
import { vi } from 'vitest';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import type { AuditRow, InboxEntry, Me } from '../api';

export const ok = (data: unknown) => ({ code: '00', message: '', data });
export const fail = (code: string, message: string, data: unknown = null) => ({ code, message, data });

/** A member as /me gives one; `withheld` is filled once every role below exists. */
function member(fields: Omit<Me, 'withheld'>): Me {
  return { ...fields, withheld: [] };
}

export const consoleApi = (routes: Record<string, MockAnswer>) => mockApi(routes, '/api/console');

/** The form fields of a form-encoded call. */
export const form = (init: RequestInit | undefined) => Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
/** The query of a call's address. */
export const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

export const CARE: Me = member({
  id: 3,
  email: 'care@example.ph',
  name: 'Carla Reyes',
  role: 'customer_care',
  permissions: [
    'view_borrowers', 'reveal_personal_data', 'view_orders', 'view_complaints', 'answer_complaints', 'view_messages',
    'view_dashboard',
  ],
});

export const AUDITOR: Me = member({
  id: 4,
  email: 'audit@example.ph',
  name: 'Aldo Santos',
  role: 'auditor',
  permissions: [
    'read_audit', 'view_borrowers', 'view_orders', 'view_money', 'view_complaints', 'view_messages', 'view_collections',
    'view_dashboard',
  ],
});

export const FINANCE: Me = member({
  id: 5,
  email: 'finance@example.ph',
  name: 'Fe Lim',
  role: 'finance',
  permissions: ['view_borrowers', 'view_orders', 'view_money', 'match_payments', 'propose_adjustments', 'approve_adjustments', 'view_dashboard', 'set_exchange_rates', 'close_books', 'propose_journals', 'approve_journals', 'propose_provision_rates', 'approve_provision_rates', 'propose_write_offs', 'approve_write_offs', 'reconcile_statements', 'propose_refunds', 'approve_refunds'],
});

export const OFFICER: Me = member({
  id: 7,
  email: 'credit@example.ph',
  name: 'Cora Dizon',
  role: 'credit_officer',
  permissions: ['view_borrowers', 'reveal_personal_data', 'view_orders', 'decide_applications', 'view_collections', 'log_collection_contacts', 'view_dashboard'],
});

export const ADMIN: Me = member({
  id: 1,
  email: 'admin@example.ph',
  name: 'Ana Cruz',
  role: 'admin',
  permissions: [
    'manage_staff', 'read_audit', 'view_borrowers', 'view_orders', 'view_money', 'view_complaints', 'manage_products',
    'manage_rule_sets', 'manage_marketing', 'view_messages', 'view_collections', 'view_dashboard',
  ],
});

/** A page of a server-paged table. */
export const page = <T,>(rows: T[], total = rows.length, number = 1, pageSize = 25) => ok({ rows, total, page: number, pageSize });

export const MARKETING: Me = member({
  id: 6,
  email: 'mkt@example.ph',
  name: 'Mika Tan',
  role: 'marketing',
  permissions: ['manage_marketing', 'view_dashboard'],
});

// What each role lacks and who holds it, from the roles above (as the
// server builds it from its table).
const MEMBERS = [ADMIN, OFFICER, FINANCE, CARE, MARKETING, AUDITOR];
for (const lacking of MEMBERS) {
  for (const holder of MEMBERS) {
    for (const permission of holder.permissions.filter((held) => !lacking.permissions.includes(held))) {
      const entry = lacking.withheld.find((known) => known.permission === permission);
      if (entry) entry.roles.push(holder.role);
      else lacking.withheld.push({ permission, roles: [holder.role] });
    }
  }
}

export function complaint(id: number, overrides: Partial<InboxEntry> = {}): InboxEntry {
  return {
    id,
    reference: `HC-${String(id).padStart(6, '0')}0`,
    borrowerId: 40 + id,
    phone: '+639175550100',
    orderNo: `HR-${id}`,
    problemType: 'Collection',
    subType: 'They contacted people other than me',
    detail: `Complaint ${id}: the collector called my office.`,
    images: [`/api/staff/uploads/${'a'.repeat(31)}${id}`],
    status: 'open',
    filedAt: '2025-03-03T01:00:00Z',
    dueAt: '2025-03-06T15:59:59Z',
    dueDate: '2025-03-06',
    workingDaysLeft: 2,
    late: false,
    assignee: '',
    answer: '',
    answerImages: [],
    score: null,
    callbackRequestedAt: null,
    ...overrides,
  };
}

export function auditRow(id: number, overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id,
    staffId: 3,
    staffName: 'Carla Reyes',
    apiTokenId: null,
    apiTokenName: null,
    action: 'complaint.answer',
    subject: `complaint:${id}`,
    before: { status: 'open' },
    after: { status: 'answered', agent: 'Carla Reyes' },
    at: '2025-03-04T02:30:00Z',
    ...overrides,
  };
}

/**
 * Captures CSV downloads (jsdom has no object URLs and no navigation):
 * returns the saved files' names and texts, and a restore function.
 */
export function captureDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    // The bytes as saved, byte-order mark included.
    if (blob) saved.push({ name: this.download, text: blob.arrayBuffer().then((b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b)) });
  });
  const restore = () => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    click.mockRestore();
  };
  return { saved, restore };
}

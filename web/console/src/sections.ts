// The console's sections, the permission each needs, and where each lives
// (/console/<id>, a route of the console's router). The menu shows only what
// the signed-in role allows; the server refuses anything else with 403 anyway.
import { t, type MessageKey } from './i18n/i18n';

/** Permission keys the console reads (server: hiram_domain::staff::Permission). */
export const PERMISSION = {
  manageStaff: 'manage_staff',
  readAudit: 'read_audit',
  viewComplaints: 'view_complaints',
  answerComplaints: 'answer_complaints',
  viewMoney: 'view_money',
  matchPayments: 'match_payments',
  viewMessages: 'view_messages',
  viewBorrowers: 'view_borrowers',
  revealPersonalData: 'reveal_personal_data',
  viewOrders: 'view_orders',
  decideApplications: 'decide_applications',
  manageProducts: 'manage_products',
  manageMarketing: 'manage_marketing',
  viewDashboard: 'view_dashboard',
  proposeAdjustments: 'propose_adjustments',
  approveAdjustments: 'approve_adjustments',
  viewCollections: 'view_collections',
  logCollectionContacts: 'log_collection_contacts',
  setExchangeRates: 'set_exchange_rates',
  manageRuleSets: 'manage_rule_sets',
  closeBooks: 'close_books',
  proposeJournals: 'propose_journals',
  approveJournals: 'approve_journals',
  proposeProvisionRates: 'propose_provision_rates',
  approveProvisionRates: 'approve_provision_rates',
  proposeWriteOffs: 'propose_write_offs',
  approveWriteOffs: 'approve_write_offs',
  reconcileStatements: 'reconcile_statements',
  proposeRefunds: 'propose_refunds',
  approveRefunds: 'approve_refunds',
} as const;

export type SectionId =
  | 'dashboard'
  | 'applications'
  | 'orders'
  | 'borrowers'
  | 'complaints'
  | 'unposted-payments'
  | 'collections'
  | 'money'
  | 'books'
  | 'adjustments'
  | 'reversals'
  | 'exchange-rates'
  | 'products'
  | 'rule-sets'
  | 'sms-outbox'
  | 'promotion-templates'
  | 'promotion-links'
  | 'site-banners'
  | 'company-details'
  | 'staff-accounts'
  | 'api-tokens'
  | 'audit';

export interface Section {
  id: SectionId;
  label: MessageKey;
  permission: string;
}

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', label: 'console.section.dashboard', permission: PERMISSION.viewDashboard },
  { id: 'applications', label: 'console.section.applications', permission: PERMISSION.decideApplications },
  { id: 'orders', label: 'console.section.orders', permission: PERMISSION.viewOrders },
  { id: 'borrowers', label: 'console.section.borrowers', permission: PERMISSION.viewBorrowers },
  { id: 'complaints', label: 'console.section.complaints', permission: PERMISSION.viewComplaints },
  { id: 'collections', label: 'console.section.collections', permission: PERMISSION.viewCollections },
  { id: 'unposted-payments', label: 'console.section.payments', permission: PERMISSION.viewMoney },
  { id: 'money', label: 'console.section.money', permission: PERMISSION.viewMoney },
  { id: 'books', label: 'console.section.books', permission: PERMISSION.viewMoney },
  { id: 'adjustments', label: 'console.section.adjustments', permission: PERMISSION.viewMoney },
  { id: 'reversals', label: 'console.section.reversals', permission: PERMISSION.viewMoney },
  { id: 'exchange-rates', label: 'console.section.exchangeRates', permission: PERMISSION.viewMoney },
  { id: 'products', label: 'console.section.products', permission: PERMISSION.manageProducts },
  { id: 'rule-sets', label: 'console.section.ruleSets', permission: PERMISSION.viewOrders },
  { id: 'sms-outbox', label: 'console.section.sms', permission: PERMISSION.viewMessages },
  { id: 'promotion-templates', label: 'console.section.templates', permission: PERMISSION.manageMarketing },
  { id: 'promotion-links', label: 'console.section.links', permission: PERMISSION.manageMarketing },
  { id: 'site-banners', label: 'console.section.banners', permission: PERMISSION.manageMarketing },
  { id: 'company-details', label: 'console.section.company', permission: PERMISSION.manageMarketing },
  { id: 'staff-accounts', label: 'console.section.staff', permission: PERMISSION.manageStaff },
  { id: 'api-tokens', label: 'console.section.apiTokens', permission: PERMISSION.manageStaff },
  { id: 'audit', label: 'console.section.audit', permission: PERMISSION.readAudit },
];

/** Where the console lives: its router's basename. */
export const CONSOLE_BASE = '/console';

/** The sections a staff member's permissions open, in menu order. */
export function allowedSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** A section's path inside the console's router (/console/audit is `/audit`). */
export const sectionPath = (id: SectionId) => `/${id}`;

/** Role keys (server: hiram_domain::staff::Role) and their names, in the server's order. */
const ROLE_LABELS = {
  admin: 'console.role.admin',
  credit_officer: 'console.role.creditOfficer',
  finance: 'console.role.finance',
  customer_care: 'console.role.customerCare',
  marketing: 'console.role.marketing',
  auditor: 'console.role.auditor',
} as const satisfies Record<string, MessageKey>;

export type Role = keyof typeof ROLE_LABELS;
export const ROLES = Object.keys(ROLE_LABELS) as Role[];

/** A role's name for people; an unknown role key as it is. */
export function roleLabel(role: string): string {
  return Object.hasOwn(ROLE_LABELS, role) ? t(ROLE_LABELS[role as Role]) : role;
}

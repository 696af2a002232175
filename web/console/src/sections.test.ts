import { describe, expect, it } from 'vitest';
import { allowedSections, roleLabel } from './sections';
import { ADMIN, AUDITOR, CARE, FINANCE, MARKETING, OFFICER } from './testing/consoleApi';

const ids = (permissions: readonly string[]) => allowedSections(permissions).map((section) => section.id);

describe('the menu by permission', () => {
  it('opens only what each role may see', () => {
    expect(ids(CARE.permissions)).toEqual(['dashboard', 'orders', 'borrowers', 'complaints', 'rule-sets', 'sms-outbox']);
    expect(ids(AUDITOR.permissions)).toEqual([
      'dashboard', 'orders', 'borrowers', 'complaints', 'collections', 'unposted-payments', 'money', 'books', 'adjustments', 'reversals', 'exchange-rates', 'rule-sets', 'sms-outbox', 'audit',
    ]);
    expect(ids(FINANCE.permissions)).toEqual(['dashboard', 'orders', 'borrowers', 'unposted-payments', 'money', 'books', 'adjustments', 'reversals', 'exchange-rates', 'rule-sets']);
    expect(ids(OFFICER.permissions)).toEqual(['dashboard', 'applications', 'orders', 'borrowers', 'collections', 'rule-sets']);
    expect(ids(ADMIN.permissions)).toContain('products');
    // Everyone who sees orders reads the rule sets; only an admin's menu comes with the right to change them.
    expect(ids(ADMIN.permissions)).toContain('rule-sets');
    expect(ids(MARKETING.permissions)).not.toContain('rule-sets');
    expect(ids(ADMIN.permissions).slice(-3)).toEqual(['staff-accounts', 'api-tokens', 'audit']);
    for (const other of [CARE, AUDITOR, FINANCE, OFFICER, MARKETING]) {
      expect(ids(other.permissions)).not.toContain('staff-accounts');
      expect(ids(other.permissions)).not.toContain('api-tokens');
    }
    expect(ids(FINANCE.permissions)).not.toContain('products');
    expect(ids(MARKETING.permissions)).toEqual(['dashboard', 'promotion-templates', 'promotion-links', 'site-banners', 'company-details']);
    expect(ids([])).toEqual([]);
  });

  it('names roles for people', () => {
    expect(roleLabel('customer_care')).toBe('Customer care');
    expect(roleLabel('credit_officer')).toBe('Credit officer');
    expect(roleLabel('night_shift')).toBe('night_shift');
  });
});

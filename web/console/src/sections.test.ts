import { describe, expect, it } from 'vitest';
import { allowedSections, roleLabel, sectionAt } from './sections';
import { AUDITOR, CARE, FINANCE, MARKETING } from './testing/consoleApi';

const ids = (permissions: readonly string[]) => allowedSections(permissions).map((section) => section.id);

describe('the menu by permission', () => {
  it('opens only what each role may see', () => {
    expect(ids(CARE.permissions)).toEqual(['complaints', 'sms-outbox']);
    expect(ids(AUDITOR.permissions)).toEqual(['complaints', 'unposted-payments', 'collections', 'sms-outbox', 'audit']);
    expect(ids(FINANCE.permissions)).toEqual(['unposted-payments']);
    expect(ids(MARKETING.permissions)).toEqual([]);
  });

  it('reads the section from the address, among the allowed ones only', () => {
    const care = allowedSections(CARE.permissions);
    expect(sectionAt('/console/sms-outbox', care)?.id).toBe('sms-outbox');
    expect(sectionAt('/console/audit', care)).toBeUndefined();
    expect(sectionAt('/console', care)).toBeUndefined();
    expect(sectionAt('/consoleaudit', allowedSections(AUDITOR.permissions))).toBeUndefined();
  });

  it('names roles for people', () => {
    expect(roleLabel('customer_care')).toBe('Customer care');
    expect(roleLabel('credit_officer')).toBe('Credit officer');
    expect(roleLabel('night_shift')).toBe('night_shift');
  });
});

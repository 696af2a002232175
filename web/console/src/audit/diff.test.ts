import { describe, expect, it } from 'vitest';
import { auditChanges } from './diff';

describe('auditChanges', () => {
  it('pairs each field before and after, in the order the server wrote them', () => {
    expect(auditChanges({ status: 'pending', orderId: 4 }, { status: 'matched', orderId: 4, note: 'GCash' })).toEqual([
      { field: 'status', before: 'pending', after: 'matched', kind: 'changed' },
      { field: 'orderId', before: 4, after: 4, kind: 'same' },
      { field: 'note', before: undefined, after: 'GCash', kind: 'added' },
    ]);
  });

  it('spells out nested objects by path and keeps lists whole', () => {
    expect(auditChanges(null, { terms: { days: 30, fee: { bp: 300 } }, tags: ['a', 'b'] })).toEqual([
      { field: 'terms.days', before: undefined, after: 30, kind: 'added' },
      { field: 'terms.fee.bp', before: undefined, after: 300, kind: 'added' },
      { field: 'tags', before: undefined, after: ['a', 'b'], kind: 'added' },
    ]);
  });

  it('marks a field only the state before had as removed, and a single value as one nameless field', () => {
    expect(auditChanges({ reason: 'x' }, {})).toEqual([{ field: 'reason', before: 'x', after: undefined, kind: 'removed' }]);
    expect(auditChanges('open', 'closed')).toEqual([{ field: '', before: 'open', after: 'closed', kind: 'changed' }]);
  });

  it('has nothing to say where neither state has anything', () => {
    expect(auditChanges(null, null)).toEqual([]);
  });
});

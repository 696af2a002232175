// What an audit entry changed, field by field, from the record's state
// before and after the action as the server keeps them (JSON, or nothing).

/** One field: what it held before and after; `undefined` where the state did not have it. */
export interface FieldChange {
  /** The field's path (`status`, `terms.monthlyInterestBp`); empty for a state that is a single value. */
  field: string;
  before: unknown;
  after: unknown;
  /** `added` where only the state after has it, `removed` where only the state before does. */
  kind: 'changed' | 'added' | 'removed' | 'same';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A state's fields by path, nested objects spelt out (`a.b`); nothing for none, one nameless field for a single value. */
function fields(state: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (state === null || state === undefined) return found;
  if (!isRecord(state)) {
    found.set(prefix, state);
    return found;
  }
  for (const [key, value] of Object.entries(state)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value) && Object.keys(value).length > 0) fields(value, path).forEach((inner, innerPath) => found.set(innerPath, inner));
    else found.set(path, value);
  }
  return found;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every field of either state, in the order the server wrote them (before's
 * first, then those only after has), each with what happened to it.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const was = fields(before);
  const is = fields(after);
  const paths = [...was.keys(), ...[...is.keys()].filter((path) => !was.has(path))];
  return paths.map((field) => {
    const old = was.get(field);
    const now = is.get(field);
    const kind = !was.has(field) ? 'added' : !is.has(field) ? 'removed' : same(old, now) ? 'same' : 'changed';
    return { field, before: old, after: now, kind };
  });
}

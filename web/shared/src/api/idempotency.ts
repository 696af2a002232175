// Idempotency keys (server decision 037): a create the user may send again
// goes under an `Idempotency-Key` header, one key per user action. The same
// call with the same body sent again before it succeeded (a second tap after
// a lost answer) reuses its key, so the server stores it once; a changed
// body, or a new action after a success, gets a new key.
import { randomId } from '../browser/randomId';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The key of each action sent and not yet answered with a success, by what it sends. */
const pending = new Map<string, string>();

/**
 * A picture by its bytes (FNV-1a, 32 bits, with its size): the page builds a
 * new FormData, and the browser a new File, for each try, so only the
 * content tells a retry from another picture. Not a security measure: the
 * server compares a SHA-256 of the bytes.
 */
async function pictureOf(file: Blob): Promise<string> {
  // A web view without Blob.arrayBuffer (Chrome before 76) sends each try
  // under its own key: no worse than no key.
  if (typeof file.arrayBuffer !== 'function') return randomId();
  let hash = 0x811c9dc5;
  for (const byte of new Uint8Array(await file.arrayBuffer())) {
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  return `${file.size}:${(hash >>> 0).toString(16)}`;
}

/** What a call sends, as text: the path and the body's fields in order. */
async function actionOf(path: string, body: unknown): Promise<string> {
  if (body instanceof FormData) {
    const fields = await Promise.all(
      [...body.entries()].map(async ([name, value]) => [name, typeof value === 'string' ? value : await pictureOf(value)]),
    );
    return JSON.stringify([path, fields]);
  }
  return JSON.stringify([path, body ?? null]);
}

/** The key for sending this action: the pending one if it was sent before, else a new one. */
export async function idempotencyKeyFor(path: string, body: unknown): Promise<string> {
  const action = await actionOf(path, body);
  let key = pending.get(action);
  if (key === undefined) {
    key = randomId();
    pending.set(action, key);
  }
  return key;
}

/** The action succeeded: sending the same again is a new action with a new key. */
export async function settleIdempotencyKey(path: string, body: unknown): Promise<void> {
  pending.delete(await actionOf(path, body));
}

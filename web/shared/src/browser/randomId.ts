// Random ids in the 8-4-4-4-12 hex style (spec §9), such as a device id when
// the shell gives none.

/**
 * A random id such as `3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c`: 128 bits from
 * the platform's secure generator, marked as an RFC 4122 version 4 id.
 * getRandomValues rather than randomUUID, which older web views and pages
 * served over plain HTTP lack.
 */
export function randomId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The 8-4-4-4-12 hex shape. */
export const RANDOM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

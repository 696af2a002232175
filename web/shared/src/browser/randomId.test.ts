import { describe, expect, it } from 'vitest';
import { RANDOM_ID_PATTERN, randomId } from './randomId';

describe('randomId', () => {
  it('is 8-4-4-4-12 lowercase hex', () => {
    for (let i = 0; i < 50; i += 1) expect(randomId()).toMatch(RANDOM_ID_PATTERN);
  });

  it('lays the 16 random bytes out in order, marked as a version 4 id', () => {
    const fixed = (bytes: Uint8Array) => {
      bytes.set([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0xff, 0x77, 0xff, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff]);
      return bytes;
    };
    expect(randomId(fixed)).toBe('00112233-4455-4f77-bf99-aabbccddeeff');
  });

  it('differs from one call to the next', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
  });
});

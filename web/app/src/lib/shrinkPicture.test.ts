import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkPicture, SHRINK_ABOVE_BYTES } from './shrinkPicture';

afterEach(() => vi.unstubAllGlobals());

describe('shrinking pictures before upload', () => {
  it('sends a small picture as it is, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const file = new File([new Uint8Array(SHRINK_ABOVE_BYTES)], 'small.jpg', { type: 'image/jpeg' });
    expect(await shrinkPicture(file)).toBe(file);
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends a big picture as it is when the browser cannot decode it', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError')));
    const file = new File([new Uint8Array(SHRINK_ABOVE_BYTES + 1)], 'big.heic', { type: 'image/heic' });
    expect(await shrinkPicture(file)).toBe(file);
  });
});

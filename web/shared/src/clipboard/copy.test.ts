import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast } from '../ui/toastStore';
import { copyText } from './copy';

afterEach(() => vi.unstubAllGlobals());

describe('copyText', () => {
  it('uses the async clipboard and toasts "copy success"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('PAY-123')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('PAY-123');
    expect(getToast()?.message).toBe('copy success');
  });

  it('falls back to execCommand without navigator.clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const exec = vi.fn().mockReturnValue(true);
    document.execCommand = exec;
    await expect(copyText('PAY-123')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(getToast()?.message).toBe('copy success');
  });
});

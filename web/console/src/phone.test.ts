import { describe, expect, it } from 'vitest';
import { maskedPhone } from './phone';

describe('maskedPhone', () => {
  it('shows the last four digits of every form the server sends, and nothing else', () => {
    expect(['+639175550100', '0917 555 0100', '09175550100', '0917 *** 0100', '•••• ••• 0100'].map(maskedPhone)).toEqual(
      Array(5).fill('•••• ••• 0100'),
    );
  });

  it('leaves text with fewer than four digits as it is', () => {
    expect(maskedPhone('')).toBe('');
    expect(maskedPhone('—')).toBe('—');
  });
});

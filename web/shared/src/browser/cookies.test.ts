import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_EXPIRES, readCookie, setCookie } from './cookies';

/** A document whose cookie jar records what is written, as a browser receives it. */
function recordingDocument(protocol = 'https:') {
  const written: string[] = [];
  const doc = {
    location: { protocol },
    get cookie() {
      return written.map((line) => line.split(';')[0]).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
    },
  } as unknown as Document;
  return { doc, written };
}

afterEach(() => {
  document.cookie = `hiram_test=; expires=${new Date(0).toUTCString()}; path=/`;
});

describe('cookies', () => {
  it('expire at the end of year 9999', () => {
    expect(COOKIE_EXPIRES).toBe('Fri, 31 Dec 9999 23:59:59 GMT');
    const { doc, written } = recordingDocument();
    setCookie('hiram_test', 'a', doc);
    expect(written[0]).toBe('hiram_test=a; expires=Fri, 31 Dec 9999 23:59:59 GMT; path=/; SameSite=Lax; Secure');
  });

  it('are Secure only on a page served over HTTPS', () => {
    const { doc, written } = recordingDocument('http:');
    setCookie('hiram_test', 'a', doc);
    expect(written[0]).not.toContain('Secure');
  });

  it('read back by name, encoded and decoded, among others', () => {
    setCookie('other', '1');
    setCookie('hiram_test', 'a b;c=d');
    expect(readCookie('hiram_test')).toBe('a b;c=d');
    expect(readCookie('other')).toBe('1');
    expect(readCookie('missing')).toBeNull();
    document.cookie = `other=; expires=${new Date(0).toUTCString()}; path=/`;
  });
});

import { describe, expect, it } from 'vitest';
import { backAction, historyIndex } from './navigation';

describe('where back leads', () => {
  it('goes back in history when the app has a page behind this one', () => {
    expect(backAction({ historyIndex: 2, inShell: true, atHome: false })).toBe('history');
    expect(backAction({ historyIndex: 1, inShell: false, atHome: true })).toBe('history');
  });

  it('closes the web view at the first page of a session in the shell', () => {
    expect(backAction({ historyIndex: 0, inShell: true, atHome: false })).toBe('closeWebview');
    expect(backAction({ historyIndex: 0, inShell: true, atHome: true })).toBe('closeWebview');
  });

  it('goes home at the first page in a browser, rather than leaving for another site', () => {
    expect(backAction({ historyIndex: 0, inShell: false, atHome: false })).toBe('home');
  });

  it('offers no back on home opened first in a browser', () => {
    expect(backAction({ historyIndex: 0, inShell: false, atHome: true })).toBe('none');
  });
});

describe("the entry's place in history", () => {
  it("reads react-router's idx", () => {
    expect(historyIndex({ usr: null, key: 'k', idx: 3 })).toBe(3);
  });

  it('counts an entry the router did not write as the first', () => {
    expect(historyIndex(null)).toBe(0);
    expect(historyIndex({})).toBe(0);
    expect(historyIndex({ idx: 'x' })).toBe(0);
    expect(historyIndex({ idx: -1 })).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { fil } from './fil';
import { staleSameOnPurpose, untranslated } from '../testing/catalogues';
import { forgetCarried, readCarried } from '../query/pageQuery';
import {
  chooseLocale, detectLocale, featureTexts, fillNodes, fillPlaceholders, getLocale, layeredTexts, setLocale, setMessagesForTest, t,
  type MessageKey,
} from './i18n';

afterEach(async () => {
  vi.unstubAllEnvs();
  await setLocale('en');
  forgetCarried();
  window.history.replaceState(null, '', '/');
});

describe('t', () => {
  it('interpolates parameters', () => {
    expect(t('login.countdown', { seconds: 42 })).toBe('42 s');
  });

  it('chooses a plural by the count, not "(s)"', () => {
    expect(fillPlaceholders('in {n} {day|days}', { n: 1 })).toBe('in 1 day');
    expect(fillPlaceholders('in {n} {day|days}', { n: 4 })).toBe('in 4 days');
    expect(fillPlaceholders('in {n} {day|days}', { n: 0 })).toBe('in 0 days');
    const texts = [...Object.values(en), ...Object.values(fil)];
    expect(texts.filter((text) => text.includes('(s)'))).toEqual([]);
  });

  it('throws on a missing key in development', () => {
    expect(() => t('no.such.key' as MessageKey)).toThrow(/Missing translation/);
  });

  it('falls back to English in production', () => {
    vi.stubEnv('DEV', false);
    setMessagesForTest({}, 'fil');
    expect(t('common.copy')).toBe('Copy');
    expect(t('no.such.key' as MessageKey)).toBe('no.such.key');
  });

  it('loads Filipino lazily', async () => {
    await setLocale('fil');
    expect(getLocale()).toBe('fil');
    expect(t('common.copy')).toBe('Kopyahin');
  });
});

describe('layeredTexts', () => {
  const english = { 'desk.hello': 'Hello {name}' };

  it('loads its Filipino only in Filipino, and passes keys it does not own to the shared catalogue', async () => {
    const loadFilipino = vi.fn(() => Promise.resolve({ 'desk.hello': 'Kumusta {name}' }));
    const desk = layeredTexts(english, loadFilipino);
    window.history.replaceState(null, '', '/?lang=en');
    await desk.init();
    expect(loadFilipino).not.toHaveBeenCalled();
    expect(desk.t('desk.hello', { name: 'Ana' })).toBe('Hello Ana');
    window.history.replaceState(null, '', '/?lang=fil');
    await desk.init();
    expect(loadFilipino).toHaveBeenCalledTimes(1);
    expect(desk.t('desk.hello', { name: 'Ana' })).toBe('Kumusta Ana');
    expect(desk.t('common.copy')).toBe(fil['common.copy']);
    window.history.replaceState(null, '', '/');
  });

  it('asks for its Filipino before the shared catalogue has arrived', async () => {
    let asked = false;
    const desk = layeredTexts(english, () => {
      asked = true;
      return Promise.resolve({ 'desk.hello': 'Kumusta {name}' });
    });
    window.history.replaceState(null, '', '/?lang=fil');
    const loading = desk.init();
    expect(asked).toBe(true);
    await loading;
    window.history.replaceState(null, '', '/');
  });
});

describe('featureTexts', () => {
  const tool = featureTexts({ 'tool.hello': 'Hello {name}' }, { 'tool.hello': 'Kumusta {name}' });

  it('answers its own keys in the active locale and passes the rest to the shared catalogue', async () => {
    expect(tool('tool.hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(tool('common.copy')).toBe('Copy');
    await setLocale('fil');
    expect(tool('tool.hello', { name: 'Ana' })).toBe('Kumusta Ana');
    expect(tool('common.copy')).toBe('Kopyahin');
  });
});

/**
 * Filipino word for word as English, on purpose: names, numbers, loanwords.
 * The features' own texts keep their lists in web/app/src/testing/borrowerCatalogues.ts.
 */
const SAME_IN_FILIPINO = ['app.name', 'login.countdown', 'agreement.disclosure', 'language.en', 'language.fil'];

describe('catalogues', () => {
  it('Filipino has exactly the English keys', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
  });

  it('has every English text in Filipino, the same only where listed', () => {
    expect(untranslated(en, fil, SAME_IN_FILIPINO)).toEqual([]);
    expect(staleSameOnPurpose(en, fil, SAME_IN_FILIPINO)).toEqual([]);
  });
});

describe('detectLocale', () => {
  it('prefers the lang query, then the browser language, then English', () => {
    forgetCarried();
    expect(detectLocale('?lang=fil', ['en-US'])).toBe('fil');
    expect(detectLocale('?lang=en', ['fil-PH'])).toBe('en');
    forgetCarried();
    expect(detectLocale('', ['fil-PH'])).toBe('fil');
    expect(detectLocale('', ['tl'])).toBe('fil');
    expect(detectLocale('', ['ja-JP'])).toBe('en');
    forgetCarried();
    expect(detectLocale('', [])).toBe('en');
  });

  it('keeps a language chosen earlier this session over the browser’s', () => {
    detectLocale('?lang=fil', ['en-US']);
    expect(detectLocale('', ['en-US'])).toBe('fil');
    expect(detectLocale('?lang=en', ['fil-PH'])).toBe('en');
    expect(detectLocale('', ['fil-PH'])).toBe('en');
  });
});

describe('chooseLocale', () => {
  it('switches, remembers the choice for the session and rewrites a lang already in the address bar', async () => {
    window.history.replaceState(null, '', '/mine?sessionId=s&lang=en#top');
    await chooseLocale('fil');
    expect(getLocale()).toBe('fil');
    expect(t('common.copy')).toBe('Kopyahin');
    expect(document.documentElement.lang).toBe('fil');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/mine?sessionId=s&lang=fil#top');
    window.history.replaceState(null, '', '/other');
    expect(readCarried('lang')).toBe('fil');
    expect(detectLocale(window.location.search, ['en-US'])).toBe('fil');
  });

  it('does not add lang to an address bar that had none', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fmine');
    await chooseLocale('fil');
    expect(window.location.search).toBe('?redirect=%2Fmine');
  });

  it('brings a front end’s own catalogue along', async () => {
    const loadFilipino = vi.fn(() => Promise.resolve({ 'desk.bye': 'Paalam' }));
    const desk = layeredTexts({ 'desk.bye': 'Goodbye' }, loadFilipino);
    window.history.replaceState(null, '', '/?lang=en');
    await desk.init();
    expect(desk.t('desk.bye')).toBe('Goodbye');
    await chooseLocale('fil');
    expect(desk.t('desk.bye')).toBe('Paalam');
    await chooseLocale('en');
    await chooseLocale('fil');
    expect(loadFilipino).toHaveBeenCalledTimes(1);
  });
});

describe('fillNodes', () => {
  it('puts elements where the locale places them', () => {
    const parts = fillNodes('Sa {terms} at {privacy}.', { terms: 'T', privacy: 'P' });
    expect(parts.map((p) => (typeof p === 'string' ? p : (p as { props: { children: string } }).props.children))).toEqual([
      'Sa ', 'T', ' at ', 'P', '.',
    ]);
  });
});

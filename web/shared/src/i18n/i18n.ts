// Typed translations. English is bundled; other locales load lazily.
// A key missing from the active catalogue throws in development and falls back
// to English in production.
import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { readCarried, rememberCarried } from '../query/pageQuery';
import { en, type Catalogue, type MessageKey } from './en';

export type Locale = 'en' | 'fil';
export type { MessageKey };

type Messages = Partial<Record<string, string>>;

let locale: Locale = 'en';
let active: Messages = en;
const listeners = new Set<() => void>();

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => Promise.resolve(en),
  fil: () => import('./fil').then((m) => m.fil),
};

/**
 * `lang` query (en / fil), else the one chosen earlier this session (the
 * switch remembers it with the carried query), else the browser language,
 * else English.
 */
export function detectLocale(
  search: string = window.location.search,
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): Locale {
  const lang = readCarried('lang', search).toLowerCase();
  if (lang === 'fil' || lang === 'tl') return 'fil';
  if (lang === 'en') return 'en';
  const preferred = languages[0]?.toLowerCase() ?? '';
  return preferred.startsWith('fil') || preferred.startsWith('tl') ? 'fil' : 'en';
}

/**
 * Catalogues loaded with the shared one (a front end's own, see
 * `layeredTexts`): a switch of locale waits for them all, so no text renders
 * in the new locale before its catalogue has arrived.
 */
const companions = new Set<(next: Locale) => Promise<void>>();

export async function setLocale(next: Locale): Promise<void> {
  const [messages] = await Promise.all([loaders[next](), ...[...companions].map((load) => load(next))]);
  locale = next;
  active = messages;
  // Absent when the site's pages are rendered at build time (decision 048).
  if (typeof document !== 'undefined') document.documentElement.lang = next === 'fil' ? 'fil' : 'en-PH';
  listeners.forEach((l) => l());
}

/** Chooses (unless told) and loads the locale before the first render. */
export function initI18n(chosen: Locale = detectLocale()): Promise<void> {
  return setLocale(chosen);
}

/**
 * The language switch's step: loads `next`, remembers it for the session
 * (the carried `lang`, which every API call forwards, so the server answers
 * in it too) and puts it in the address bar, where a `lang` already there
 * would otherwise win on the next load.
 */
export async function chooseLocale(next: Locale): Promise<void> {
  await setLocale(next);
  rememberCarried('lang', next);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', next);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
}

export function getLocale(): Locale {
  return locale;
}

/** For tests: use an arbitrary catalogue as the active one. */
export function setMessagesForTest(messages: Messages, as: Locale = 'en'): void {
  active = messages;
  locale = as;
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  let text = active[key];
  if (text === undefined) {
    if (import.meta.env.DEV) {
      throw new Error(`Missing translation for "${key}" in locale "${locale}"`);
    }
    text = (en as Messages)[key] ?? key;
  }
  return fillPlaceholders(text, params);
}

/** A catalogue's lookup: a key (and its placeholders' values) to its text. */
type Translate<F extends string> = (key: F, params?: Record<string, string | number>) => string;

/**
 * The texts of one lazily loaded feature (a borrower tool): both locales
 * ride in that feature's own chunk, so no other route downloads them. Keys
 * the feature does not own fall through to `fallback`: the shared
 * catalogue, or the feature's main texts for a part of it with its own
 * chunk.
 */
export function featureTexts<K extends string>(
  english: Readonly<Record<K, string>>,
  filipino: Readonly<Record<K, string>>,
): Translate<K | MessageKey>;
export function featureTexts<K extends string, F extends string>(
  english: Readonly<Record<K, string>>,
  filipino: Readonly<Record<K, string>>,
  fallback: Translate<F>,
): Translate<K | F>;
export function featureTexts<K extends string>(
  english: Readonly<Record<K, string>>,
  filipino: Readonly<Record<K, string>>,
  fallback: Translate<string> = t as Translate<string>,
): Translate<string> {
  const owns = (key: string): key is K => Object.hasOwn(english, key);
  return (key, params) => (owns(key) ? fillPlaceholders((locale === 'fil' ? filipino : english)[key], params) : fallback(key, params));
}

/**
 * The texts of a whole front end (the console, the site) on top of the
 * shared catalogue: English rides in its bundle; Filipino loads only when the
 * page runs in Filipino, alongside the shared catalogue rather than after it
 * (on mobile data a second download after the first is a second round trip).
 * Keys it does not own fall through to the shared catalogue.
 */
export function layeredTexts<K extends string>(
  english: Readonly<Record<K, string>>,
  loadFilipino: () => Promise<Readonly<Record<K, string>>>,
) {
  let filipino: Readonly<Record<K, string>> | null = null;
  const owns = (key: string): key is K => Object.hasOwn(english, key);
  companions.add(async (next) => {
    if (next === 'fil' && !filipino) filipino = await loadFilipino();
  });
  return {
    /** Chooses the locale (unless told) and loads both catalogues before the first render. */
    init: initI18n,
    t(key: K | MessageKey, params?: Record<string, string | number>): string {
      if (!owns(key)) return t(key, params);
      return fillPlaceholders((locale === 'fil' && filipino ? filipino : english)[key], params);
    },
  };
}

/**
 * `{name}` placeholders replaced by `params`; unknown ones left as they are.
 * A `{one|other}` choice takes its first form when the count `n` is 1:
 * English says "1 day" and "2 days"; the Filipino texts need no choice.
 */
export function fillPlaceholders(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  const singular = Number(params.n) === 1;
  return text
    .replace(/\{([^{}|]*)\|([^{}|]*)\}/g, (_whole, one: string, other: string) => (singular ? one : other))
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the locale changes; returns the current locale. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/**
 * `{name}` placeholders of a translated text replaced by elements (links
 * inside a sentence), so each locale keeps its own word order.
 */
export function fillNodes(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part, i) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in nodes ? createElement(Fragment, { key: i }, nodes[name]) : part;
    });
}

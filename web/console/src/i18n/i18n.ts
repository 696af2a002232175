// The console's translations: its own catalogue (console.* keys) on top of
// the shared one, in the locale the shared module chose. Filipino loads only
// when the console runs in Filipino.
import {
  detectLocale,
  fillPlaceholders,
  getLocale,
  initI18n,
  t as sharedT,
  type MessageKey as SharedKey,
} from '@hiram/shared/i18n/i18n';
import { consoleEn, type ConsoleCatalogue, type ConsoleKey } from './en';

export type MessageKey = SharedKey | ConsoleKey;

let filipino: ConsoleCatalogue | null = null;

/** Chooses the locale and loads both catalogues before the first render. */
export async function initConsoleI18n(): Promise<void> {
  // Both at once: a second download after the first is a second round trip.
  const own = detectLocale() === 'fil' ? import('./fil').then((m) => m.consoleFil) : Promise.resolve(null);
  const [, loaded] = await Promise.all([initI18n(), own]);
  filipino = loaded;
}

const isConsoleKey = (key: MessageKey): key is ConsoleKey => Object.hasOwn(consoleEn, key);

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  if (!isConsoleKey(key)) return sharedT(key, params);
  const catalogue: ConsoleCatalogue = getLocale() === 'fil' && filipino ? filipino : consoleEn;
  return fillPlaceholders(catalogue[key], params);
}

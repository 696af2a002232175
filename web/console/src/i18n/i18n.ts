// The console's translations: its own catalogue (console.* keys) on top of
// the shared one, in the locale the shared module chose. Filipino loads only
// when the console runs in Filipino.
import { layeredTexts, type MessageKey as SharedKey } from '@hiram/shared/i18n/i18n';
import { consoleEn, type ConsoleKey } from './en';

export type MessageKey = SharedKey | ConsoleKey;

const texts = layeredTexts(consoleEn, () => import('./fil').then((m) => m.consoleFil));

export const initConsoleI18n = texts.init;
export const t = texts.t;

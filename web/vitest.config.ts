// One Vitest run over every web package (root script `npm test`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('./shared/src/', import.meta.url));
const setup = fileURLToPath(new URL('./shared/vitest.setup.ts', import.meta.url));
// Node 25 and later have a localStorage of their own on globalThis, empty
// without --localstorage-file, and Vitest's jsdom environment leaves a global
// that is already there in place: the workers start without it, so the
// pages' tests get jsdom's storage (decision 084).
const execArgv = 'localStorage' in globalThis ? ['--no-experimental-webstorage'] : [];

const project = (name: string) => ({
  resolve: { alias: [{ find: /^@hiram\/shared\//, replacement: sharedSrc }] },
  oxc: { jsx: { runtime: 'automatic' as const, importSource: 'react' } },
  test: {
    name,
    root: fileURLToPath(new URL(`./${name}/`, import.meta.url)),
    environment: 'jsdom',
    globals: true,
    setupFiles: [setup],
    execArgv,
    include: ['src/**/*.test.{ts,tsx}'],
    // Like the findBy ceiling in the setup: room for a loaded machine.
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    projects: [project('shared'), project('app'), project('site'), project('console')],
  },
});

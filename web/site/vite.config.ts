import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { entryConfig } from '../vite.shared.ts';

// Two HTML entries: the marketing site (served at /) and the promotion page
// (served at /promotion).
export default defineConfig(
  entryConfig('/site/', {
    index: fileURLToPath(new URL('./index.html', import.meta.url)),
    promotion: fileURLToPath(new URL('./promotion.html', import.meta.url)),
  }),
);

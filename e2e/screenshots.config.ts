// `make screenshots`: the suite's server and browser, another folder of
// specs, so the pictures are never part of the normal run.
import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

export default defineConfig({
  ...suite,
  testDir: './screenshots',
  retries: 0,
});

// A fresh database file for every run. Playwright runs globalSetup before it
// starts the webServer, so the server creates the file anew.
import { mkdirSync, rmSync } from 'node:fs';
import { DB_FILE, TMP_DIR } from './env';

export default function globalSetup(): void {
  mkdirSync(TMP_DIR, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${DB_FILE}${suffix}`, { force: true });
}

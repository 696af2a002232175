// The environment the real server runs with during the end-to-end suite.
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));
export const TMP_DIR = fileURLToPath(new URL('./test-results/tmp/', import.meta.url));
export const DB_FILE = `${TMP_DIR}e2e.sqlite3`;
export const HIRAM_BIN = '../target/debug/hiram';

export const SERVER_ENV: Record<string, string> = {
  APP_SERVER__PORT: String(E2E_PORT),
  APP_DATABASE__URL: `sqlite://${DB_FILE}`,
  APP_WEB__DIST_ROOT: '../web',
};

// The environment the real server runs with during the end-to-end suite.
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
/**
 * Servers started outside the suite (scripts/fleet.sh: three processes
 * behind nginx): `E2E_BASE_URL` is where they answer, and the suite starts
 * no server of its own. `E2E_DATABASE_URL` and `E2E_CLOCK_FILE` name the
 * database and clock file those servers use, which the suite's `hiram`
 * commands then read too.
 */
export const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL;
export const BASE_URL = EXTERNAL_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Scratch files (database, clock, mail); `E2E_TMP_DIR` (ending in /) lets two suites run side by side. */
export const TMP_DIR = process.env.E2E_TMP_DIR ?? fileURLToPath(new URL('./test-results/tmp/', import.meta.url));
export const DB_FILE = `${TMP_DIR}e2e.sqlite3`;
/**
 * Seconds the server's clock runs ahead (`clock.offset_file`): a test that
 * needs a loan further into its term moves it and puts it back to 0.
 */
export const CLOCK_FILE = process.env.E2E_CLOCK_FILE ?? `${TMP_DIR}clock-offset`;
export const HIRAM_BIN = '../target/debug/hiram';
/** Where the server writes staff mail, one file a message. */
export const MAIL_DIR = `${TMP_DIR}mail`;

const shellQuote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * The webServer command. Playwright starts the webServer *before* globalSetup,
 * so the database must be reset here: deleting it in globalSetup would unlink
 * the file under the running server, and `hiram demo-session` would then seed
 * a second database the server never sees.
 */
export const SERVER_COMMAND = [
  `mkdir -p ${shellQuote(TMP_DIR)}`,
  `rm -f ${['', '-wal', '-shm'].map((suffix) => shellQuote(DB_FILE + suffix)).join(' ')} ${shellQuote(CLOCK_FILE)}`,
  `exec ${shellQuote(HIRAM_BIN)} serve`,
].join(' && ');

export const SERVER_ENV: Record<string, string> = {
  APP_SERVER__PORT: String(E2E_PORT),
  APP_DATABASE__URL: process.env.E2E_DATABASE_URL ?? `sqlite://${DB_FILE}`,
  APP_WEB__DIST_ROOT: '../web',
  // Warnings and errors only: a request line per asset drowns the test report.
  APP_LOG__FILTER: 'warn',
  // The suite pays through the sandbox, a demo collector (decision D8),
  // which signs its payment callbacks with this secret.
  APP_PAYMENTS__COLLECTIONS: 'sandbox',
  APP_PAYMENTS__SANDBOX_SECRET: 'e2e-sandbox-secret',
  // The whole suite pays the demo borrower's few loans, far more often than
  // any borrower would in a day; the daily limit of pay codes per loan
  // (10, issue 29) has its own API test.
  APP_PAYMENTS__PAY_CODES_PER_ORDER_PER_DAY: '1000',
  // Uploaded pictures stay with the suite's other scratch files.
  APP_UPLOADS__DIR: `${TMP_DIR}uploads`,
  // Staff mail (enrolment links) lands here as files, the members' mailbox
  // for the suite (`mailedLink`).
  APP_MAIL__DROP_DIR: MAIL_DIR,
  // The server and the suite's `hiram` commands read the same clock.
  APP_CLOCK__OFFSET_FILE: CLOCK_FILE,
};

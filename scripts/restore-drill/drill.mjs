// The restore drill's one run on one database (scripts/restore-drill.sh):
// signed payment callbacks stream into a running server while `hiram
// backup` copies its database; the copy is put into a new database with
// `hiram restore`; every callback acknowledged before the backup's point
// must be in it, the restore's check must hold, and a server started on it
// must be ready and post a new payment. Prints one JSON line of figures;
// exits 1 when any of that fails.
//
//   node scripts/restore-drill/drill.mjs BINARY PORT SECRET SOURCE_URL TARGET_URL LOANS_JSON WORK
import { execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { sendCallback, writeStatementAt } from '../../bench/callbacks.mjs';

const [binary, port, secret, sourceUrl, targetUrl, loansFile, work] = process.argv.slice(2);
const STREAM_MS = 4000;
const BACKUP_AT_MS = 1500;
const CONNECTIONS = 8;
const PER_CONNECTION = 4000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hiram = (url, ...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env: { ...process.env, APP_DATABASE__URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`hiram ${args[0]}: ${out}${err}`))));
  });

/** Runs SQL on the database at `url` and returns its rows' first column. */
function firstColumn(url, sql) {
  const out = url.startsWith('sqlite://')
    ? execFileSync('python3', ['-c', 'import sqlite3,sys\nfor r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(r[0])', url.slice('sqlite://'.length), sql])
    : execFileSync('psql', [url, '-qAtc', sql]);
  return out.toString().split('\n').filter(Boolean);
}

const codes = JSON.parse(readFileSync(loansFile, 'utf8')).map((loan) => loan.payCode);
const payment = (w, i) => ({ transactionId: `DRILL-${w}-${i}`, payCode: codes[(i * CONNECTIONS + w) % codes.length], amount: 1 });
writeStatementAt(sourceUrl, Array.from({ length: CONNECTIONS * PER_CONNECTION }, (_, n) => payment(n % CONNECTIONS, Math.floor(n / CONNECTIONS))));

// Each acknowledged callback with the moment its answer arrived.
const acknowledged = [];
let refused = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const end = Date.now() + STREAM_MS;
const stream = Array.from({ length: CONNECTIONS }, async (_, w) => {
  for (let i = 0; i < PER_CONNECTION && Date.now() < end; i += 1) {
    const answer = await sendCallback({ port, secret, agent, ...payment(w, i) });
    if (answer.status === 200 && answer.result === 'posted') acknowledged.push({ id: payment(w, i).transactionId, at: Date.now() });
    else refused += 1;
  }
});
await sleep(BACKUP_AT_MS);
const backupFile = `${work}/drill-${sourceUrl.split(":")[0]}.backup`;
const made = await hiram(sourceUrl, 'backup', '--to', backupFile);
await Promise.all(stream);
agent.destroy();

const restored = await hiram(targetUrl, 'restore', '--from', backupFile);
const point = Date.parse(made.point);
const present = new Set(firstColumn(targetUrl, "SELECT idempotency_key FROM ledger_entry WHERE idempotency_key LIKE 'sandbox:DRILL-%'"));
const before = acknowledged.filter((ack) => ack.at < point);
const after = acknowledged.filter((ack) => ack.at >= point);
const lost = before.filter((ack) => !present.has(`sandbox:${ack.id}`));

// A server on the restored database: ready, and it takes a new payment.
const restoredPort = String(Number(port) + 1);
const server = spawn(binary, ['serve'], {
  env: { ...process.env, APP_DATABASE__URL: targetUrl, APP_SERVER__PORT: restoredPort },
  stdio: ['ignore', 'ignore', openSync(`${work}/restored-server.log`, 'w')],
});
const ready = () =>
  new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port: Number(restoredPort), path: '/readyz' }, (r) => resolve(r.statusCode === 200)).on('error', () => resolve(false));
  });
let started = false;
for (let i = 0; i < 300 && !started; i += 1) {
  started = await ready();
  if (!started) await sleep(100);
}
const unsent = payment(CONNECTIONS - 1, PER_CONNECTION - 1);
const newPayment = started ? await sendCallback({ port: restoredPort, secret, agent: undefined, ...unsent }) : { status: 0, result: '' };
if (server.exitCode === null && server.signalCode === null) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const figures = {
  database: sourceUrl.split(':')[0],
  acknowledged: acknowledged.length,
  refused,
  acknowledged_before_point: before.length,
  found_after_restore: before.length - lost.length,
  lost: lost.length,
  acknowledged_after_point: after.length,
  of_those_in_backup: after.filter((ack) => present.has(`sandbox:${ack.id}`)).length,
  backup_bytes: made.bytes,
  backup_seconds: made.seconds,
  restore_seconds: restored.seconds,
  check: restored,
  restored_server_ready: started,
  restored_server_took_a_payment: newPayment.status === 200 && newPayment.result === 'posted',
};
console.log(JSON.stringify(figures));
const failed = [];
if (lost.length > 0) failed.push(`${lost.length} callbacks acknowledged before the backup's point are missing (first ${lost[0].id})`);
if (before.length === 0 || after.length === 0) failed.push('the backup was not taken while callbacks streamed in');
if (refused > 0) failed.push(`${refused} callbacks were refused`);
if (!started) failed.push(`the server did not start on the restored database: ${readFileSync(`${work}/restored-server.log`, 'utf8').slice(-2000)}`);
if (!figures.restored_server_took_a_payment) failed.push(`the restored server answered a new payment with ${JSON.stringify(newPayment)}`);
if (failed.length > 0) {
  console.error(`restore drill (${figures.database}): ${failed.join('; ')}`);
  process.exit(1);
}

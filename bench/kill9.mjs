// M7 of ../shared/guides/testing.md: the server is killed with SIGKILL
// again and again while clients post signed payment callbacks, restarted
// each time, and clients retry every unanswered callback until it is
// acknowledged. Afterwards every acknowledged payment must be in the
// ledger exactly once and SQLite's integrity check must pass. Prints one
// JSON line.
//
//   node bench/kill9.mjs BINARY DATABASE_FILE PORT SECRET PAY_CODE KILLS CLIENTS
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { sendCallback } from './callbacks.mjs';

const [binary, databaseFile, port, secret, payCode, kills, clients] = process.argv.slice(2);
const env = { ...process.env, APP_DATABASE__URL: `sqlite://${databaseFile}`, APP_SERVER__PORT: port, APP_PAYMENTS__SANDBOX_SECRET: secret };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ready = () =>
  new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port: Number(port), path: '/readyz' }, (r) => resolve(r.statusCode === 200)).on('error', () => resolve(false));
  });

let server;
async function start() {
  server = spawn(binary, ['serve'], { env, stdio: 'ignore' });
  while (!(await ready())) await sleep(5);
}

let running = true;
const acknowledged = new Set();
let retries = 0;
async function client(id) {
  const agent = new http.Agent({ keepAlive: false });
  for (let i = 0; running; i += 1) {
    const transactionId = `M7-${id}-${i}`;
    for (;;) {
      try {
        const answer = await sendCallback({ port, secret, payCode, amount: 1, transactionId, agent });
        if (answer.status === 200 && (answer.result === 'posted' || answer.result === 'duplicate')) {
          acknowledged.add(transactionId);
          break;
        }
      } catch {
        // The server is down: try the same callback again.
      }
      retries += 1;
      await sleep(10);
    }
  }
}

await start();
const workers = Array.from({ length: Number(clients) }, (_, id) => client(id));
for (let round = 0; round < Number(kills); round += 1) {
  await sleep(50 + Math.random() * 250);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  await start();
}
running = false;
await Promise.all(workers);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

const check = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
stored = db.execute("SELECT COUNT(*), COUNT(DISTINCT idempotency_key) FROM ledger_entry WHERE idempotency_key LIKE 'sandbox:M7-%'").fetchone()
print(stored[0], stored[1], db.execute("PRAGMA integrity_check").fetchone()[0])
`;
const [entries, distinct, integrity] = execFileSync('python3', ['-c', check, databaseFile]).toString().trim().split(' ');
console.log(
  JSON.stringify({
    kills: Number(kills),
    acknowledged: acknowledged.size,
    stored: Number(entries),
    lost: acknowledged.size - Number(distinct),
    duplicated: Number(entries) - Number(distinct),
    unacknowledged_but_stored: Number(distinct) - acknowledged.size,
    retries,
    integrity,
  }),
);

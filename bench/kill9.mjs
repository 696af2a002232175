// M7 and M8 of ../shared/guides/testing.md: the server is killed with
// SIGKILL again and again while clients pay loans off through signed
// payment callbacks (each loan in forty payments), restarted each time, and
// clients retry every unanswered callback until it is acknowledged.
// Afterwards every acknowledged payment must be in the ledger exactly once,
// every posting must have exactly one receipt, every loan with nothing
// owed must be closed (200), and SQLite's integrity check must pass. Prints
// one JSON line.
//
//   node bench/kill9.mjs BINARY DATABASE_FILE PORT SECRET LOANS_JSON KILLS CLIENTS
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sendCallback, writeStatement } from './callbacks.mjs';

const [binary, databaseFile, port, secret, loansFile, kills, clients] = process.argv.slice(2);
const env = {
  ...process.env,
  APP_DATABASE__URL: `sqlite://${databaseFile}`,
  APP_SERVER__PORT: port,
  APP_PAYMENTS__COLLECTIONS: 'sandbox',
  APP_PAYMENTS__SANDBOX_SECRET: secret,
};

const python = (script, ...args) => execFileSync('python3', ['-c', script, databaseFile, ...args]).toString().trim();

/** The payments a loan is paid off in: enough, over the portfolio, to keep the clients busy through every kill. */
const PARTS = 40;

// What each loan owes now (the benchmark before may have paid some of it),
// and its payments: equal parts, the last one with the rest.
const loans = JSON.parse(readFileSync(loansFile, 'utf8'));
const owed = JSON.parse(
  python(
    `import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT order_id, principal_receivable + interest_receivable + fees_receivable + penalties_receivable FROM ledger_balance")
print(json.dumps(dict((str(order), owed) for order, owed in rows)))`,
  ),
);
const payments = loans
  .filter((loan) => owed[loan.orderId] > PARTS)
  .flatMap((loan) => {
    const part = Math.floor(owed[loan.orderId] / PARTS);
    return Array.from({ length: PARTS }, (_, n) => ({
      transactionId: `M7-${loan.orderId}-${n}`,
      payCode: loan.payCode,
      amount: n < PARTS - 1 ? part : owed[loan.orderId] - part * (PARTS - 1),
    }));
  });
writeStatement(databaseFile, payments);

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
let next = 0;
async function client() {
  const agent = new http.Agent({ keepAlive: false });
  // A loan's payments go in order, by one client.
  while (running && next < payments.length) {
    const loan = payments.slice(next, next + PARTS);
    next += PARTS;
    for (const payment of loan) {
      for (;;) {
        try {
          const answer = await sendCallback({ port, secret, agent, ...payment });
          if (answer.status === 200 && (answer.result === 'posted' || answer.result === 'duplicate')) {
            acknowledged.add(payment.transactionId);
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
}

await start();
const began = Date.now();
let payingSeconds = 0;
const workers = Array.from({ length: Number(clients) }, () => client());
Promise.all(workers).then(() => (payingSeconds = (Date.now() - began) / 1000));
for (let round = 0; round < Number(kills); round += 1) {
  await sleep(50 + Math.random() * 250);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  await start();
}
const killingSeconds = (Date.now() - began) / 1000;
running = false;
await Promise.all(workers);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

const check = `
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
entries, distinct = db.execute("SELECT COUNT(*), COUNT(DISTINCT idempotency_key) FROM ledger_entry WHERE idempotency_key LIKE 'sandbox:M7-%'").fetchone()
loans = db.execute("""
  SELECT o.id, o.status,
    (SELECT COUNT(*) FROM ledger_entry e WHERE e.order_id = o.id AND e.kind = 'repayment' AND e.idempotency_key LIKE 'sandbox:%'),
    (SELECT COUNT(*) FROM sms_outbox s JOIN borrower b ON b.phone = s.phone WHERE b.id = o.borrower_id),
    (SELECT principal_receivable + interest_receivable + fees_receivable + penalties_receivable FROM ledger_balance WHERE order_id = o.id)
  FROM loan_order o WHERE o.id IN (SELECT DISTINCT order_id FROM ledger_entry WHERE idempotency_key LIKE 'sandbox:M7-%')""").fetchall()
paid_off = [loan for loan in loans if loan[4] <= 0]
print(json.dumps({
  "entries": entries, "distinct": distinct,
  "paid_off": len(paid_off),
  "paid_off_not_closed": sum(1 for loan in paid_off if loan[1] != 200),
  # Each payment a channel posted (the benchmark's and these) has its one receipt.
  "receipts_not_one_per_posting": sum(1 for loan in loans if loan[3] != loan[2]),
  "integrity": db.execute("PRAGMA integrity_check").fetchone()[0],
}))
`;
const result = JSON.parse(python(check));
console.log(
  JSON.stringify({
    kills: Number(kills),
    acknowledged: acknowledged.size,
    stored: result.entries,
    lost: acknowledged.size - result.distinct,
    duplicated: result.entries - result.distinct,
    unacknowledged_but_stored: result.distinct - acknowledged.size,
    paid_off: result.paid_off,
    paid_off_not_closed: result.paid_off_not_closed,
    receipts_not_one_per_posting: result.receipts_not_one_per_posting,
    retries,
    // Paying stops when the kills end or the loans are paid off, whichever
    // is first: the load lasted through the kills when the two are equal.
    killing_seconds: killingSeconds,
    paying_seconds: payingSeconds || killingSeconds,
    integrity: result.integrity,
  }),
);

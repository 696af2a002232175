// The same signed payment notification, sent to every process at the same
// moment, is posted exactly once: one process answers "posted", the others
// "duplicate", and the loan's ledger gains one entry.
//
//   node scripts/fleet/notification-race.mjs SANDBOX_SECRET PORT...
//   (env: HIRAM, the binary; APP_DATABASE__URL and the fleet's settings)
import { execFileSync } from 'node:child_process';
import { sendCallback } from '../../bench/callbacks.mjs';

const [secret, ...ports] = process.argv.slice(2);
const database = process.env.APP_DATABASE__URL;
const sql = (statement) => execFileSync('psql', [database, '-qAtc', statement], { encoding: 'utf8' }).trim();

// A loan of its own, with its standing code (`hiram portfolio`).
const made = execFileSync(process.env.HIRAM, ['portfolio', '--loans', '1'], { encoding: 'utf8' });
const [loan] = JSON.parse(made.trim().split('\n').pop());
const payment = { transactionId: `FLEET-${Date.now()}`, payCode: loan.payCode, amount: 100 };
// The sandbox gateway's statement holds the payment, as its page writes it,
// so each process's re-check with the gateway finds it.
sql(
  `INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) ` +
    `VALUES ('${payment.transactionId}', '${payment.payCode}', ${payment.amount}, now())`,
);
const entries = () => Number(sql(`SELECT count(*) FROM ledger_entry WHERE order_id = ${loan.orderId}`));
const before = entries();
const answers = await Promise.all(ports.map((port) => sendCallback({ port, secret, ...payment })));
const after = entries();
const results = answers.map((answer, i) => `${ports[i]}: ${answer.status} ${answer.result}`);
console.log(`notification race: order ${loan.orderId}, answers ${results.join(', ')}; ledger entries ${before} → ${after}`);
const posted = answers.filter((answer) => answer.status === 200 && answer.result === 'posted').length;
const duplicates = answers.filter((answer) => answer.status === 200 && answer.result === 'duplicate').length;
if (posted !== 1 || duplicates !== ports.length - 1 || after !== before + 1) {
  console.error(`notification race: expected one "posted", ${ports.length - 1} "duplicate" and one new ledger entry`);
  process.exit(1);
}

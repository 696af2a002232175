// Payment callbacks through the balancer for as long as a rolling upgrade
// lasts (scripts/upgrade-test.sh): a new connection for each (a client's
// reused connection that a restarting balancer closes is its own race, not
// the upgrade's), each callback a new payment of one centavo, until the
// file STOP exists. Then every acknowledged payment must be in the ledger
// (the ledger's unique key keeps it from being there twice). Prints one
// JSON line; exits 1 on a failed request or a lost posting. Each callback is
// signed at the servers' clock, CLOCK_FILE's seconds ahead of this one: the
// journey beside it runs the clock 46 days on for a while, and a provider's
// callback is never that far from the server's time (it would be stale).
//
//   node scripts/upgrade/stream.mjs PORT SECRET DATABASE_URL LOANS_JSON STOP CLOCK_FILE
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { sendCallback, writeStatementAt } from '../../bench/callbacks.mjs';

const [port, secret, databaseUrl, loansFile, stop, clockFile] = process.argv.slice(2);
// As the servers read it (server/app/src/clock.rs): a file caught while
// the journey rewrites it keeps the offset last read, rather than zero.
let lastAhead = 0;
const clockAhead = () => {
  const seconds = Number.parseInt(readFileSync(clockFile, 'utf8').trim(), 10);
  if (Number.isInteger(seconds)) lastAhead = seconds;
  return lastAhead;
};
const CONNECTIONS = 4;
const PER_CONNECTION = 5000;
const codes = JSON.parse(readFileSync(loansFile, 'utf8')).map((loan) => loan.payCode);
const payment = (w, i) => ({ transactionId: `ROLL-${w}-${i}`, payCode: codes[(i * CONNECTIONS + w) % codes.length], amount: 1 });
writeStatementAt(databaseUrl, Array.from({ length: CONNECTIONS * PER_CONNECTION }, (_, n) => payment(n % CONNECTIONS, Math.floor(n / CONNECTIONS))));

const agent = new http.Agent({ keepAlive: false });
const acknowledged = new Set();
const failures = [];
await Promise.all(
  Array.from({ length: CONNECTIONS }, async (_, w) => {
    for (let i = 0; i < PER_CONNECTION && !existsSync(stop); i += 1) {
      try {
        const ahead = clockAhead();
        const answer = await sendCallback({ port, secret, agent, clockAheadSeconds: ahead, ...payment(w, i) });
        if (answer.status === 200 && answer.result === 'posted') acknowledged.add(payment(w, i).transactionId);
        // The journey moved the servers' clock while this callback was on its
        // way: signed for the old time, it was rightly refused as stale, with
        // nothing posted. It goes again, signed for the new time.
        else if (answer.status === 400 && clockAhead() !== ahead) i -= 1;
        else failures.push(`${payment(w, i).transactionId}: ${answer.status} ${answer.result}`);
      } catch (error) {
        failures.push(`${payment(w, i).transactionId}: ${error.code ?? error.message}`);
      }
    }
  }),
);
const posted = new Set(
  execFileSync('psql', [databaseUrl, '-qAtc', "SELECT idempotency_key FROM ledger_entry WHERE idempotency_key LIKE 'sandbox:ROLL-%'"])
    .toString()
    .split('\n')
    .filter(Boolean),
);
const result = {
  callbacks_sent: acknowledged.size + failures.length,
  acknowledged: acknowledged.size,
  failed: failures.length,
  postings: posted.size,
  lost: [...acknowledged].filter((id) => !posted.has(`sandbox:${id}`)).length,
  first_failures: failures.slice(0, 5),
};
console.log(JSON.stringify(result));
process.exit(result.failed === 0 && result.lost === 0 && result.acknowledged > 0 ? 0 : 1);

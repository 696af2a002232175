// Posts signed sandbox callbacks as fast as the server takes them, each a
// new payment of one centavo, spread over the given loans' standing codes,
// and prints one JSON line: postings per second and latency. Every answer
// must be "posted". The payments are written to the sandbox gateway's
// statement first, so the server's re-check with the gateway finds them.
//
//   node bench/callbacks.mjs PORT SECRET DATABASE LOANS_JSON SECONDS CONNECTIONS PREFIX
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** The most callbacks one connection can send in a run (the statement is written for them). */
const PER_CONNECTION = 6000;

/** One signed callback; resolves to the HTTP status and the envelope's result. */
export function sendCallback({ port, secret, payCode, amount, transactionId, agent, clockAheadSeconds = 0 }) {
  const body = JSON.stringify({ transactionId, payCode, amount: Number(amount), currency: 'PHP' });
  // A provider's clock agrees with the server's, which a drill may run ahead.
  const timestamp = String(Math.floor(Date.now() / 1000) + clockAheadSeconds);
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        path: '/pany/payments/callback/sandbox',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-hiram-timestamp': timestamp,
          'x-hiram-signature': signature,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode, result: JSON.parse(text).data?.result ?? '' });
          } catch {
            resolve({ status: response.statusCode, result: '' });
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Writes planned payments ({transactionId, payCode, amount}) to the gateway's statement. */
export function writeStatement(databaseFile, payments) {
  const lines = payments.map((payment) => JSON.stringify(payment)).join('\n');
  execFileSync('python3', [new URL('./gateway-statement.py', import.meta.url).pathname, databaseFile], { input: lines });
}

/** The same, into the database a URL names (sqlite://FILE or postgres://...). */
export function writeStatementAt(url, payments) {
  if (url.startsWith('sqlite://')) return writeStatement(url.slice('sqlite://'.length), payments);
  const now = new Date().toISOString();
  const csv = payments.map((p) => `${p.transactionId},${p.payCode},${p.amount},${now}`).join('\n');
  execFileSync('psql', [url, '-qc', '\\copy gateway_payment (transaction_id, pay_code, amount, paid_at) FROM pstdin WITH (FORMAT csv)'], {
    input: csv,
  });
}

async function main() {
  const [port, secret, databaseFile, loansFile, seconds, connections, prefix] = process.argv.slice(2);
  const codes = JSON.parse(readFileSync(loansFile, 'utf8')).map((loan) => loan.payCode);
  const workers = Number(connections);
  // Connection w's i-th payment goes to loan (i * workers + w): every loan
  // in turn, the loans of one round on different connections.
  const payment = (w, i) => ({ transactionId: `${prefix}-${w}-${i}`, payCode: codes[(i * workers + w) % codes.length], amount: 1 });
  writeStatementAt(databaseFile.includes("://") ? databaseFile : `sqlite://${databaseFile}`, Array.from({ length: workers * PER_CONNECTION }, (_, n) => payment(n % workers, Math.floor(n / workers))));
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const end = Date.now() + Number(seconds) * 1000;
  const latencies = [];
  let posted = 0;
  let failed = 0;
  const worker = async (w) => {
    for (let i = 0; i < PER_CONNECTION && Date.now() < end; i += 1) {
      const started = process.hrtime.bigint();
      try {
        const answer = await sendCallback({ port, secret, agent, ...payment(w, i) });
        latencies.push(Number(process.hrtime.bigint() - started) / 1000);
        if (answer.status === 200 && answer.result === 'posted') posted += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  console.log(JSON.stringify({ posted, failed, seconds: elapsed, rps: posted / elapsed, p50_us: at(0.5), p99_us: at(0.99), loans: codes.length }));
  agent.destroy();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

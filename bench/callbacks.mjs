// Posts signed sandbox callbacks as fast as the server takes them, each
// with a new transaction id for one pay code, and prints one JSON line:
// postings per second and latency. Every answer must be "posted".
//
//   node bench/callbacks.mjs PORT SECRET PAY_CODE AMOUNT SECONDS CONNECTIONS [PREFIX]
import crypto from 'node:crypto';
import http from 'node:http';

const [port, secret, payCode, amount, seconds, connections, prefix = 'BENCH'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });

/** One signed callback; resolves to the HTTP status and the envelope's result. */
export function sendCallback({ port, secret, payCode, amount, transactionId, agent }) {
  const body = JSON.stringify({ transactionId, payCode, amount: Number(amount), currency: 'PHP' });
  const timestamp = String(Math.floor(Date.now() / 1000));
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

async function main() {
  const end = Date.now() + Number(seconds) * 1000;
  const latencies = [];
  let posted = 0;
  let failed = 0;
  const worker = async (id) => {
    for (let i = 0; Date.now() < end; i += 1) {
      const started = process.hrtime.bigint();
      try {
        const answer = await sendCallback({ port, secret, payCode, amount, transactionId: `${prefix}-${id}-${i}`, agent });
        latencies.push(Number(process.hrtime.bigint() - started) / 1000);
        if (answer.status === 200 && answer.result === 'posted') posted += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: Number(connections) }, (_, id) => worker(id)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  console.log(JSON.stringify({ posted, failed, seconds: elapsed, rps: posted / elapsed, p50_us: at(0.5), p99_us: at(0.99) }));
  agent.destroy();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

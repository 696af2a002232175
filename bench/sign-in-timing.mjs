// Times password sign-in for accounts that exist and accounts that do not,
// for borrowers (/pany/service/login/login) and staff (/api/console/login):
// the answer must not tell an attacker which numbers or e-mails are real, so
// the two medians must be close (decision 028: a decoy Argon2 verification
// for unknown accounts). Every try is a wrong password.
//
//   node bench/sign-in-timing.mjs PORT KNOWN_PHONES_JSON STAFF_EMAIL [TRIES]
//
// Each try comes from its own loopback address (127.1.x.y), so the limits
// per address and per account-and-address (decision 028) never answer in
// place of the password check; known numbers take turns, so none reaches
// its own limit. Known and unknown tries alternate, so machine noise falls
// on both alike. Prints one JSON object.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, phonesFile, staffEmail, triesArg] = process.argv.slice(2);
const tries = Number(triesArg ?? 200);
const knownPhones = JSON.parse(readFileSync(phonesFile, 'utf8'));
let nextAddress = 0;

/** A loopback address no earlier try used. */
function freshAddress() {
  nextAddress += 1;
  return `127.1.${Math.floor(nextAddress / 250) + 1}.${(nextAddress % 250) + 1}`;
}

/** POSTs a form from a fresh address; resolves to [milliseconds, HTTP status, body]. */
function post(path, form) {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: freshAddress(),
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve([ms, res.statusCode, Buffer.concat(chunks).toString()]);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A Philippine mobile number nobody registered (0919 + 7 digits from the try's index). */
const unknownPhone = (i) => `0919${String(7_000_000 + i).padStart(7, '0')}`;

async function measure(label, knownTry, unknownTry, expectRefused) {
  const known = [];
  const unknown = [];
  const answers = new Set();
  for (let i = 0; i < tries; i += 1) {
    for (const [list, attempt] of i % 2 ? [[known, knownTry], [unknown, unknownTry]] : [[unknown, unknownTry], [known, knownTry]]) {
      const [ms, status, body] = await attempt(i);
      if (!expectRefused(status, body)) throw new Error(`${label}: try ${i} was not a plain refusal: ${status} ${body}`);
      answers.add(`${status} ${body.replace(/"requestId":"[^"]*"/, '')}`);
      list.push(ms);
    }
  }
  return {
    tries,
    knownMedianMs: Number(median(known).toFixed(2)),
    unknownMedianMs: Number(median(unknown).toFixed(2)),
    medianDifferenceMs: Number(Math.abs(median(known) - median(unknown)).toFixed(2)),
    distinctAnswers: answers.size,
  };
}

// Warm up the server (first Argon2 allocations, connection setup).
for (let i = 0; i < 10; i += 1) await post('/pany/service/login/login', { phone: unknownPhone(100_000 + i), password: 'warm-up-1' });

const borrower = await measure(
  'borrower',
  (i) => post('/pany/service/login/login', { phone: knownPhones[i % knownPhones.length], password: `wrong-${i}-Aa1` }),
  (i) => post('/pany/service/login/login', { phone: unknownPhone(i), password: `wrong-${i}-Aa1` }),
  (status, body) => status === 200 && JSON.parse(body).code !== '00' && !/too many/i.test(body),
);
const staff = await measure(
  'staff',
  (i) => post('/api/console/login', { email: staffEmail, password: `wrong-${i}-Aa1`, code: '000000' }),
  (i) => post('/api/console/login', { email: `nobody-${i}@hiram.example`, password: `wrong-${i}-Aa1`, code: '000000' }),
  (status) => status === 400,
);
console.log(JSON.stringify({ borrower, staff }));

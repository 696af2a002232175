// Reminders that fall due at the same moment in every process (each looks
// every second) are each texted once: 30 bills of the demo borrower with a
// reminder at 12:01 Manila, the clock moved from 12:00 past it, then every
// bill's name is in exactly one new outbox message, and the processes'
// "reminder sent" lines say how they split the work.
//
//   node scripts/fleet/reminders-race.mjs WORK BALANCER_URL
//   (env: HIRAM, APP_DATABASE__URL and the fleet's settings; WORK holds the
//   clock-offset file the processes read and their logs server-N.log)
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const [work, balancer] = process.argv.slice(2);
const BILLS = 30;
const clockFile = `${work}/clock-offset`;
const sql = (statement) =>
  execFileSync('psql', [process.env.APP_DATABASE__URL, '-qAtc', statement], { encoding: 'utf8' }).trim();
const offset = () => Number(readFileSync(clockFile, 'utf8').trim());
const MANILA_MS = 8 * 3600 * 1000;

// Noon in Manila on the day after the processes' today.
const manilaNow = new Date(Date.now() + offset() * 1000 + MANILA_MS);
const day = new Date(Date.UTC(manilaNow.getUTCFullYear(), manilaNow.getUTCMonth(), manilaNow.getUTCDate() + 1));
const dueDate = day.toISOString().slice(0, 10);
const noon = day.getTime() + 12 * 3600 * 1000 - MANILA_MS;
writeFileSync(clockFile, `${Math.round((noon - Date.now()) / 1000)}\n`);

const session = JSON.parse(execFileSync(process.env.HIRAM, ['demo-session'], { encoding: 'utf8' }).trim().split('\n').pop());
async function call(path, form) {
  const response = await fetch(`${balancer}/pany${path}?sessionId=${session.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = await response.json();
  if (response.status !== 200 || body.code !== '00') throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}
const lastOutbox = Number(sql('SELECT coalesce(max(id), 0) FROM sms_outbox'));
const names = [];
const reminders = [];
for (let n = 1; n <= BILLS; n += 1) {
  // Two digits: no name is the start of another.
  const name = `Fleet bill ${String(n).padStart(2, '0')}`;
  const saved = await call('/repayment-product/save-repay-product', { name, amount: '150000', dueDate, repeat: 'none' });
  await call('/repayment-product/set-reminder', { repayProductId: String(saved.repayProductId), daysBefore: '0', remindTime: '12:01' });
  names.push(name);
  reminders.push(Number(sql(`SELECT id FROM repay_reminder WHERE bill_id = ${saved.repayProductId}`)));
}

// 12:01:02 in Manila: every reminder is due in every process at once.
writeFileSync(clockFile, `${offset() + 62}\n`);
const sent = () => Number(sql(`SELECT count(*) FROM repay_reminder_sent WHERE reminder_id IN (${reminders.join(',')})`));
for (let waited = 0; sent() < BILLS && waited < 30; waited += 1) await new Promise((resolve) => setTimeout(resolve, 1000));
// Two more rounds in every process, for a duplicate to show itself.
await new Promise((resolve) => setTimeout(resolve, 2500));

const bodies = sql(`SELECT body FROM sms_outbox WHERE id > ${lastOutbox}`).split('\n');
const texts = names.map((name) => bodies.filter((body) => body.includes(name)).length);
const ours = new Set(reminders);
const split = readdirSync(work)
  .filter((file) => /^server-\d+\.log$/.test(file))
  .sort()
  .map((file) => {
    const lines = readFileSync(`${work}/${file}`, 'utf8').split('\n').filter((line) => line.startsWith('{'));
    const sentHere = lines.map((line) => JSON.parse(line)).filter((line) => line.message === 'reminder sent' && ours.has(line['reminder.id']));
    return { file, sent: sentHere.length };
  });
const total = split.reduce((sum, process) => sum + process.sent, 0);
console.log(
  `reminders race: ${BILLS} reminders due ${dueDate} 12:01; claims recorded ${sent()}; texts per bill ` +
    `${[...new Set(texts)].join('/')} (${texts.reduce((a, b) => a + b, 0)} in all); ` +
    `sent per process ${split.map((process) => `${process.file} ${process.sent}`).join(', ')} = ${total}`,
);
if (sent() !== BILLS || texts.some((count) => count !== 1) || total !== BILLS) {
  console.error('reminders race: expected each reminder texted exactly once, by one of the processes');
  process.exit(1);
}

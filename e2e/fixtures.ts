import { execFileSync } from 'node:child_process';
import { E2E_DIR, HIRAM_BIN, SERVER_ENV } from './env';

export interface DemoOrder {
  orderId: number;
  productId: number;
  status: number;
  productName: string;
}

export interface DemoSession {
  sessionId: string;
  orders: DemoOrder[];
}

/**
 * A session for the demo borrower: `hiram demo-session` against the suite's
 * database prints one JSON line.
 */
export function demoSession(): DemoSession {
  const out = execFileSync(HIRAM_BIN, ['demo-session'], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as DemoSession;
  if (!parsed.sessionId || !Array.isArray(parsed.orders)) {
    throw new Error(`hiram demo-session printed an unexpected line: ${line}`);
  }
  return parsed;
}

/** The demo borrower's order in a status, or a clear failure. */
export function orderInStatus(session: DemoSession, status: number): DemoOrder {
  const order = session.orders.find((o) => o.status === status);
  if (!order) throw new Error(`the demo borrower has no order in status ${status}`);
  return order;
}

export interface OutboxMessage {
  phone: string;
  body: string;
  code: string;
  at: string;
}

/** The server's SMS outbox for `phone` (`hiram sms-outbox --phone`: one JSON line per message, newest last). */
export function smsOutbox(phone: string): OutboxMessage[] {
  const out = execFileSync(HIRAM_BIN, ['sms-outbox', '--phone', phone], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * The code of the first message to `phone` after the first `seen` ones.
 * Polls briefly: the message may be written just after the send call answers.
 */
export async function nextSmsCode(phone: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const messages = smsOutbox(phone);
    const latest = messages.length > seen ? messages[messages.length - 1] : undefined;
    if (latest?.code) return latest.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no new SMS code for ${phone} in the outbox`);
}

/**
 * The answer of the captcha image most recently drawn for `sid`
 * (`hiram captcha-answer --sid`: one JSON line `{"answer":"1234"}`).
 * Call it once the image has loaded: each draw makes a new answer.
 */
export function captchaAnswer(sid: string): string {
  const out = execFileSync(HIRAM_BIN, ['captcha-answer', '--sid', sid], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as { answer?: unknown };
  if (typeof parsed.answer !== 'string' || parsed.answer === '') {
    throw new Error(`hiram captcha-answer printed an unexpected line: ${line}`);
  }
  return parsed.answer;
}

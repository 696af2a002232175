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

// Fault test of checkout against a private local Firebase: Firestore freezes (SIGSTOP of the
// process holding the in-process Firestore emulator) right after the session check answered, or
// is stopped (the local Firebase stopped, its port closed, then started again on the same port
// and data: firebase-admin keeps the host:port it read at its first call). placeOrder must answer
// 'temporarily-unavailable' within 5 s, and nothing may be written, also once Firestore is back.
// The session lookup is mocked so that the fault lands between the session check and the order's
// transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import type { Firestore } from 'firebase-admin/firestore';

import en from '@/messages/en.json';
import pt from '@/messages/pt-BR.json';
import {
  adminClients,
  clearMercadoPagoEnv,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import { checkoutInput } from '@/test/order-fixtures';
import { signedInUser } from '@/test/session-mock';

import { CHECKOUT_ERROR_MESSAGE_KEYS } from './checkout-result';

const mockShopper = signedInUser({
  uid: 'uid-frozen',
  email: 'frozen@example.com',
  name: 'Shopper Frozen',
  // An admin, so that the control panel's page renders for the same session.
  isAdmin: true,
});
/** When set, the session check freezes this process (Firestore) just before answering. */
const mockFreeze = { pid: 0 };
/** A shopper (uid suffix) of its own for a call run inside it: the stream test's many shoppers. */
const mockCaller = new AsyncLocalStorage<string>();
jest.mock('@/lib/session/session', () => ({
  SessionUnavailableError: class SessionUnavailableError extends Error {},
  getSessionUser: async () => mockShopper,
  readSession: async () => {
    if (mockFreeze.pid) process.kill(mockFreeze.pid, 'SIGSTOP');
    const caller = mockCaller.getStore();
    const user = caller ? { ...mockShopper, uid: `uid-${caller}` } : mockShopper;
    return { status: 'signed-in', user, authTime: Math.floor(Date.now() / 1000) };
  },
}));
jest.mock('next/headers', () => ({
  headers: async () =>
    new Headers({
      'x-forwarded-for': mockCaller.getStore()
        ? `198.51.100.${mockCaller.getStore()?.length}`
        : '192.0.2.77',
    }),
}));

// The panel's texts, from the real message files.
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (namespace: string) => (key: string) =>
    (jest.requireActual('@/messages/en.json') as Record<string, Record<string, string>>)[
      namespace
    ]?.[key] ?? key,
}));

jest.setTimeout(120_000);

const ROOT = 'projects/chocolate-shop';
/** Every checkout must answer within this, whatever Firestore does. */
const MAX_ANSWER_MS = 5000;
/** If placeOrder ignores its deadline, Firestore is resumed after this so the test can end. */
const WATCHDOG_MS = 10_000;

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let orders: typeof import('./place-order');
const logLines: string[] = [];

/** The pid of the process listening on a local TCP port (Linux `ss`). */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${out}`);
  return Number(pid);
}

function input(orderId: string) {
  return checkoutInput(orderId, { lines: [{ key: 'ovo-pistache', quantity: 2 }], locale: 'en' });
}

/**
 * Confirms a placed order: the mocked shopper's orders would otherwise stay open and add up to
 * the fair-stock limits (lib/orders/limits.ts), which are not what these tests are about.
 */
async function confirm(orderId: string): Promise<void> {
  await db
    .doc(`${ROOT}/orders/${orderId}`)
    .update({ 'status.confirmed': true, statusKey: 'confirmed' });
}

async function stock(): Promise<unknown> {
  return (await db.doc(`${ROOT}/inventory/ovo-pistache`).get()).get('stock');
}

/** Resolves with the first log line naming `event`, polling until `timeoutMs`. */
async function logLine(event: string, timeoutMs: number): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = logLines.find((text) => text.includes(` ${event} `));
    if (line || Date.now() > until) return line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  clearMercadoPagoEnv();
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  clients = adminClients(stack);
  db = clients.db;
  orders = await import('./place-order');
}, 90_000);

// The app's log lines (lib/log.ts writes them to the console), kept for the assertions.
beforeEach(() => {
  for (const method of ['log', 'warn', 'error'] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logLines.push(args.map(String).join(' '));
    });
  }
});

/** A data folder this suite must remove itself (kept across a restart of the stack). */
let keptDataDir: string | undefined;

afterAll(async () => {
  jest.restoreAllMocks();
  await clients?.close();
  await stack?.stop();
  if (keptDataDir) fs.rmSync(keptDataDir, { recursive: true, force: true });
});

it('Firestore frozen after the session check: temporarily-unavailable within 5 s, nothing written', async () => {
  await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 10 });
  // A first order with Firestore up: warms the app's channel and runs the lazy expiry, so the
  // freeze below meets the order's transaction itself.
  expect(await orders.placeOrder(input('FAULT0000001'))).toMatchObject({ ok: true });
  await confirm('FAULT0000001');
  expect(await stock()).toBe(8);
  const ordersBefore = (await db.collection(`${ROOT}/orders`).get()).size;

  const firestorePid = listenerPid(Number(stack.firestoreHost.split(':').at(-1)));
  const relaxed = process.env.BACKEND_DEADLINE_MS;
  // The app's own 3 s deadline, not the relaxed one test/jest-env.js sets for cold channels.
  process.env.BACKEND_DEADLINE_MS = '3000';
  mockFreeze.pid = firestorePid;
  const watchdog = setTimeout(() => process.kill(firestorePid, 'SIGCONT'), WATCHDOG_MS);
  const started = Date.now();
  let result;
  try {
    result = await orders.placeOrder(input('FAULT0000002'));
  } finally {
    mockFreeze.pid = 0;
    process.env.BACKEND_DEADLINE_MS = relaxed;
    clearTimeout(watchdog);
  }
  const ms = Date.now() - started;
  // Still frozen here (unless the watchdog fired): the answer did not wait for Firestore.
  process.kill(firestorePid, 'SIGCONT');
  console.info(`Firestore frozen: placeOrder answered in ${ms} ms`);

  expect(result).toEqual({ ok: false, error: 'temporarily-unavailable' });
  expect(ms).toBeLessThan(MAX_ANSWER_MS);
  // What the checkout shows for it, in both languages.
  const key = CHECKOUT_ERROR_MESSAGE_KEYS['temporarily-unavailable'];
  expect(en.CheckoutErrors[key]).toMatch(/temporarily unavailable/i);
  expect(pt.CheckoutErrors[key]).toMatch(/temporariamente indisponíve/i);

  // Firestore is back: the abandoned transaction answers its reads late and must roll back.
  const abandoned = await logLine('order.abandoned', 60_000);
  expect(abandoned).toContain('orderId=FAULT0000002');
  expect(abandoned).toContain('outcome=rolled-back');
  expect((await db.doc(`${ROOT}/orders/FAULT0000002`).get()).exists).toBe(false);
  expect(await stock()).toBe(8);
  expect((await db.collection(`${ROOT}/orders`).get()).size).toBe(ordersBefore);

  // And the same checkout goes through again once Firestore answers.
  expect(await orders.placeOrder(input('FAULT0000002'))).toMatchObject({ ok: true });
  await confirm('FAULT0000002');
  expect(await stock()).toBe(6);
});

it('Firestore frozen after the session check: the panel says temporarily unavailable within 5 s', async () => {
  const page = (await import('@/app/[locale]/control-panel/orders/page')).default;
  const firestorePid = listenerPid(Number(stack.firestoreHost.split(':').at(-1)));
  const relaxed = process.env.BACKEND_DEADLINE_MS;
  process.env.BACKEND_DEADLINE_MS = '3000';
  mockFreeze.pid = firestorePid;
  const watchdog = setTimeout(() => process.kill(firestorePid, 'SIGCONT'), WATCHDOG_MS);
  const started = Date.now();
  let element;
  try {
    element = await page({
      params: Promise.resolve({ locale: 'en' }),
      searchParams: Promise.resolve({}),
    });
  } finally {
    mockFreeze.pid = 0;
    process.env.BACKEND_DEADLINE_MS = relaxed;
    clearTimeout(watchdog);
    process.kill(firestorePid, 'SIGCONT');
  }
  const ms = Date.now() - started;
  console.info(`Firestore frozen: the panel's order page answered in ${ms} ms`);
  expect(ms).toBeLessThan(MAX_ANSWER_MS);
  // A server component: render the returned element one level (ServiceUnavailable is async).
  const { type, props } = element as { type: (p: unknown) => Promise<unknown>; props: unknown };
  const text = JSON.stringify(await type(props));
  expect(text).toContain(en.Resilience.unavailableTitle);
  expect(text).toContain(en.Resilience.unavailable);
});

it('Firestore stopped (port closed): temporarily-unavailable within 5 s, nothing written; restarted: the same order goes through', async () => {
  await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 10 });
  const ordersBefore = (await db.collection(`${ROOT}/orders`).get()).size;
  const { dataDir, ports } = stack;
  keptDataDir = dataDir;
  await stack.stop({ keepDataDir: true });

  const relaxed = process.env.BACKEND_DEADLINE_MS;
  process.env.BACKEND_DEADLINE_MS = '3000';
  const started = Date.now();
  let result;
  try {
    result = await orders.placeOrder(input('FAULT0000003'));
  } finally {
    process.env.BACKEND_DEADLINE_MS = relaxed;
  }
  const ms = Date.now() - started;
  console.info(`Firestore stopped: placeOrder answered in ${ms} ms`);
  expect(result).toEqual({ ok: false, error: 'temporarily-unavailable' });
  expect(ms).toBeLessThan(MAX_ANSWER_MS);

  stack = await startTestFirebase({ dataDir, ports, timeoutMs: 80_000 });
  // firebase-admin may still be retrying the abandoned transaction: once Firestore is back it
  // must roll back rather than write (lib/orders/place-order.ts, OrderTooLateError).
  // firebase-admin waits for the closed port to come back rather than failing at once, so the
  // order's transaction was abandoned at its deadline and goes on once Firestore is back: it
  // must roll back rather than write (OrderTooLateError in lib/orders/place-order.ts).
  const ours = (line: string) => line.includes('orderId=FAULT0000003');
  if (logLines.some((line) => ours(line) && line.includes('DeadlineExceededError'))) {
    const until = Date.now() + 60_000;
    let abandoned: string | undefined;
    while (!abandoned && Date.now() < until) {
      abandoned = logLines.find((line) => ours(line) && line.includes(' order.abandoned '));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(abandoned).toMatch(/outcome=(rolled-back|failed)/);
  }
  expect((await db.doc(`${ROOT}/orders/FAULT0000003`).get()).exists).toBe(false);
  expect(await stock()).toBe(10);
  expect((await db.collection(`${ROOT}/orders`).get()).size).toBe(ordersBefore);

  const again = Date.now();
  expect(await orders.placeOrder(input('FAULT0000003'))).toMatchObject({ ok: true });
  console.info(`Firestore restarted: the same order went through in ${Date.now() - again} ms`);
  expect(await stock()).toBe(8);
});

it('Firestore stalled 8 s during a stream of orders: no shopper told "nothing was saved" has an order', async () => {
  const key = 'barra-tropical-rio';
  await db.doc(`${ROOT}/inventory/${key}`).set({ stock: 100 });
  const firestorePid = listenerPid(Number(stack.firestoreHost.split(':').at(-1)));
  const relaxed = process.env.BACKEND_DEADLINE_MS;
  process.env.BACKEND_DEADLINE_MS = '3000';
  const STREAM = 16;
  const ids = Array.from({ length: STREAM }, (_, n) => `STALL${String(n).padStart(7, '0')}`);
  const streamInput = (orderId: string) => ({ ...input(orderId), lines: [{ key, quantity: 1 }] });
  let results: Awaited<ReturnType<typeof orders.placeOrder>>[];
  try {
    // One order every 150 ms; Firestore stops after the fourth has started, for 8 s.
    const calls = ids.map(
      (orderId, n) =>
        new Promise<Awaited<ReturnType<typeof orders.placeOrder>>>((resolve) =>
          setTimeout(
            () =>
              resolve(mockCaller.run(`stall-${n}`, () => orders.placeOrder(streamInput(orderId)))),
            n * 150,
          ),
        ),
    );
    const resumed = new Promise<void>((resolve) =>
      setTimeout(
        () => {
          process.kill(firestorePid, 'SIGSTOP');
          setTimeout(() => {
            process.kill(firestorePid, 'SIGCONT');
            resolve();
          }, 8000);
        },
        3 * 150 + 20,
      ),
    );
    results = await Promise.all(calls);
    await resumed;
  } finally {
    process.env.BACKEND_DEADLINE_MS = relaxed;
  }
  // Firestore is back; let every transaction abandoned at its deadline end one way or the other.
  const orderIdOf = (line: string) => /orderId=(STALL\d+)/.exec(line)?.[1];
  const abandonedIds = logLines
    .filter((line) => line.includes('during=order-transaction'))
    .filter((line) => line.includes('DeadlineExceededError'))
    .flatMap((line) => orderIdOf(line) ?? []);
  const ended = () =>
    abandonedIds.every((orderId) =>
      logLines.some((line) => line.includes(' order.abandoned ') && orderIdOf(line) === orderId),
    );
  for (const until = Date.now() + 60_000; !ended() && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exists = async (orderId: string) =>
    (await db.doc(`${ROOT}/orders/${orderId}`).get()).exists;

  const told = { placed: 0, nothingSaved: 0, outcomeUnknown: 0, other: 0 };
  const lies: string[] = [];
  let unknownThatExisted = 0;
  for (const [n, result] of results.entries()) {
    const orderId = ids[n]!;
    if (result.ok) told.placed += 1;
    else if (result.error === 'temporarily-unavailable') {
      told.nothingSaved += 1;
      if (await exists(orderId)) lies.push(orderId);
    } else if (result.error === 'outcome-unknown') {
      told.outcomeUnknown += 1;
      if (await exists(orderId)) unknownThatExisted += 1;
      // Sending again (the cart keeps the id) shows the order: the one that landed, or a new one.
      expect(
        await mockCaller.run(`stall-${n}`, () => orders.placeOrder(streamInput(orderId))),
      ).toMatchObject({ ok: true, orderId });
    } else told.other += 1;
  }
  console.info(
    `stream of ${STREAM} with Firestore stalled 8 s: ${told.placed} placed, ${told.nothingSaved} told nothing was saved (${lies.length} of them exist), ${told.outcomeUnknown} told the outcome is being checked (${unknownThatExisted} existed), ${told.other} other`,
  );
  expect(lies).toEqual([]);
  expect(told.other).toBe(0);
  // The stall reached some orders, or the test tested nothing.
  expect(told.nothingSaved + told.outcomeUnknown).toBeGreaterThan(0);
  // Every order that exists took exactly one unit.
  const stored = await Promise.all(ids.map(exists));
  expect((await db.doc(`${ROOT}/inventory/${key}`).get()).get('stock')).toBe(
    100 - stored.filter(Boolean).length,
  );
}, 120_000);

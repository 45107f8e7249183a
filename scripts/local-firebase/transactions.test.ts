// The local Firestore's transactions (scripts/local-firebase/firestore.mjs) keep Firestore's
// contract for server SDKs: they run side by side, and one whose reads (documents, or a query's
// results) were changed by another commit before it commits is refused with ABORTED, which
// firebase-admin answers by running the transaction function again.
import { type Firestore } from 'firebase-admin/firestore';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

// The stack starts in ~6 s, but in up to a minute on a loaded 2-core machine.
jest.setTimeout(120_000);

const ROOT = 'projects/transactions-test';
const TX_TIMEOUT_MS = 1500;
const ABORTED = 10;

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;

beforeAll(async () => {
  stack = await startTestFirebase({
    stackEnv: { LOCAL_FIREBASE_TX_TIMEOUT_MS: String(TX_TIMEOUT_MS) },
    timeoutMs: 80_000,
  });
  clients = adminClients(stack);
  db = clients.db;
}, 90_000);

afterAll(async () => {
  await clients?.close().catch(() => {});
  await stack?.stop();
});

/** A promise with its resolve function, to order the steps of two transactions. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('local Firestore transactions', () => {
  it('aborts a commit whose read was changed by another commit; runTransaction retries it', async () => {
    const ref = db.doc(`${ROOT}/counters/shared`);
    await ref.set({ value: 1 });
    const read = gate();
    const otherCommitted = gate();
    const seen: number[] = [];

    const slow = db.runTransaction(async (tx) => {
      const value = (await tx.get(ref)).get('value') as number;
      seen.push(value);
      if (seen.length === 1) {
        read.open();
        await otherCommitted.opened;
      }
      tx.update(ref, { value: value + 10 });
    });
    await read.opened;
    await db.runTransaction(async (tx) => {
      const value = (await tx.get(ref)).get('value') as number;
      tx.update(ref, { value: value + 1 });
    });
    otherCommitted.open();
    await slow;

    // The first attempt read 1 and was refused; the retry read the other commit's 2.
    expect(seen).toEqual([1, 2]);
    expect((await ref.get()).get('value')).toBe(12);
  });

  it('answers ABORTED (gRPC 10) naming the changed document, and applies nothing', async () => {
    const ref = db.doc(`${ROOT}/counters/aborted`);
    const other = db.doc(`${ROOT}/counters/untouched`);
    await ref.set({ value: 1 });
    const attempt = db.runTransaction(
      async (tx) => {
        const value = (await tx.get(ref)).get('value') as number;
        await ref.update({ value: 100 });
        tx.update(ref, { value: value + 1 });
        tx.set(other, { written: true });
      },
      { maxAttempts: 1 },
    );
    await expect(attempt).rejects.toMatchObject({
      code: ABORTED,
      message: expect.stringContaining(`${ROOT}/counters/aborted was changed by another commit`),
    });
    expect((await ref.get()).get('value')).toBe(100);
    expect((await other.get()).exists).toBe(false);
  });

  it('retries a transaction whose query gains a matching document (a phantom)', async () => {
    const orders = db.collection(`${ROOT}/phantom-orders`);
    const summary = db.doc(`${ROOT}/summaries/open`);
    await orders.doc('a').set({ status: 'open' });
    await orders.doc('b').set({ status: 'done' });
    const counts: number[] = [];
    await db.runTransaction(async (tx) => {
      const open = await tx.get(orders.where('status', '==', 'open'));
      counts.push(open.size);
      if (counts.length === 1) {
        // Not matching the query: no conflict on its own (checked by the count below).
        await orders.doc('c').set({ status: 'done' });
        await orders.doc('d').set({ status: 'open' });
      }
      tx.set(summary, { open: open.size });
    });
    expect(counts).toEqual([1, 2]);
    expect((await summary.get()).get('open')).toBe(2);

    // A document that does not match the query changes nothing it read: one attempt.
    counts.length = 0;
    await db.runTransaction(async (tx) => {
      const open = await tx.get(orders.where('status', '==', 'open'));
      counts.push(open.size);
      if (counts.length === 1) await orders.doc('e').set({ status: 'done' });
      tx.set(summary, { open: open.size });
    });
    expect(counts).toEqual([2]);
  });

  it('retries an aggregation read in a transaction when a matching document appears', async () => {
    const items = db.collection(`${ROOT}/aggregated`);
    await items.doc('a').set({ kind: 'egg' });
    const counts: number[] = [];
    await db.runTransaction(async (tx) => {
      const count = (await tx.get(items.where('kind', '==', 'egg').count())).data().count;
      counts.push(count);
      if (counts.length === 1) await items.doc('b').set({ kind: 'egg' });
      tx.set(db.doc(`${ROOT}/summaries/eggs`), { count });
    });
    expect(counts).toEqual([1, 2]);
  });

  it('lets transactions on different documents run side by side, each committing first time', async () => {
    const a = db.doc(`${ROOT}/counters/a`);
    const b = db.doc(`${ROOT}/counters/b`);
    await a.set({ value: 0 });
    await b.set({ value: 0 });
    const attempts = { a: 0, b: 0 };
    const bothRead = { a: gate(), b: gate() };
    const run = (key: 'a' | 'b', ref: typeof a) =>
      db.runTransaction(async (tx) => {
        attempts[key] += 1;
        const value = (await tx.get(ref)).get('value') as number;
        bothRead[key].open();
        // Both are open at once here: a lock held from the first read would never get past this.
        await Promise.all([bothRead.a.opened, bothRead.b.opened]);
        tx.update(ref, { value: value + 1 });
      });
    await Promise.all([run('a', a), run('b', b)]);
    expect(attempts).toEqual({ a: 1, b: 1 });
    expect((await a.get()).get('value')).toBe(1);
    expect((await b.get()).get('value')).toBe(1);
  });

  it('never makes a write outside a transaction wait for one; the transaction then retries', async () => {
    const ref = db.doc(`${ROOT}/counters/outside`);
    await ref.set({ stock: 5 });
    const writeTimes: number[] = [];
    let attempts = 0;
    await db.runTransaction(async (tx) => {
      attempts += 1;
      const stock = (await tx.get(ref)).get('stock') as number;
      if (attempts === 1) {
        const started = Date.now();
        await ref.update({ note: 'written outside' });
        await db.doc(`${ROOT}/counters/elsewhere`).set({ at: started });
        writeTimes.push(Date.now() - started);
      }
      tx.update(ref, { stock: stock - 1 });
    });
    // Both writes returned while the transaction was open (with the old lock they waited for it).
    expect(writeTimes).toHaveLength(1);
    expect(writeTimes[0]).toBeLessThan(1000);
    expect(attempts).toBe(2);
    expect((await ref.get()).data()).toEqual({ stock: 4, note: 'written outside' });
  });

  it('expires a transaction left open too long: its commit is ABORTED and then retried', async () => {
    const ref = db.doc(`${ROOT}/counters/expired`);
    await ref.set({ stock: 5 });
    const late = db.runTransaction(
      async (tx) => {
        const stock = (await tx.get(ref)).get('stock') as number;
        await new Promise((resolve) => setTimeout(resolve, TX_TIMEOUT_MS + 500));
        tx.update(ref, { stock: stock - 1 });
      },
      { maxAttempts: 1 },
    );
    await expect(late).rejects.toMatchObject({
      code: ABORTED,
      message: expect.stringContaining('expired'),
    });
    expect((await ref.get()).get('stock')).toBe(5);
    expect(stack.output()).toMatch(/transaction open 1500 ms without committing: expired/);

    let attempts = 0;
    await db.runTransaction(async (tx) => {
      attempts += 1;
      const stock = (await tx.get(ref)).get('stock') as number;
      if (attempts === 1) await new Promise((resolve) => setTimeout(resolve, TX_TIMEOUT_MS + 500));
      tx.update(ref, { stock: stock - 1 });
    });
    expect(attempts).toBe(2);
    expect((await ref.get()).get('stock')).toBe(4);
  });

  it('never aborts a read-only transaction', async () => {
    const ref = db.doc(`${ROOT}/counters/read-only`);
    await ref.set({ value: 1 });
    let attempts = 0;
    const value = await db.runTransaction(
      async (tx) => {
        attempts += 1;
        const read = (await tx.get(ref)).get('value') as number;
        await ref.update({ value: 2 });
        return read;
      },
      { readOnly: true },
    );
    expect({ attempts, value }).toEqual({ attempts: 1, value: 1 });
  });

  it('never oversells: 30 concurrent decrements of stock 10 sell at most 10, and exactly what they took', async () => {
    const ref = db.doc(`${ROOT}/inventory/egg`);
    await ref.set({ stock: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        db.runTransaction(async (tx) => {
          const current = (await tx.get(ref)).get('stock') as number;
          if (current <= 0) throw new Error('out of stock');
          tx.update(ref, { stock: current - 1 });
        }),
      ),
    );
    const sold = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.flatMap((r) =>
      r.status === 'rejected'
        ? [(r.reason as { code?: number; message: string }).code ?? 'none']
        : [],
    );
    const final = (await ref.get()).get('stock') as number;
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(10);
    expect(final).toBe(10 - sold);
    // The rest ran out of stock, or out of attempts under contention (ABORTED 5 times).
    expect(failures.every((code) => code === 'none' || code === ABORTED)).toBe(true);
  });
});

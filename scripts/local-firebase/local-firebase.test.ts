import fs from 'node:fs';
import path from 'node:path';

import { FieldValue, GeoPoint, Timestamp, type Firestore } from 'firebase-admin/firestore';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

// A stack starts in ~6 s, but in up to a minute on a loaded 2-core machine; the restart test
// starts three.
jest.setTimeout(300_000);
const START_TIMEOUT_MS = 150_000;

const SHOP = 'projects/chocolate-shop';
const TX_TIMEOUT_MS = 1500;

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;

async function connect(next: TestFirebase) {
  stack = next;
  clients = adminClients(stack);
  db = clients.db;
}

beforeAll(async () => {
  await connect(
    await startTestFirebase({
      stackEnv: { LOCAL_FIREBASE_TX_TIMEOUT_MS: String(TX_TIMEOUT_MS) },
      timeoutMs: START_TIMEOUT_MS,
    }),
  );
});

afterAll(async () => {
  await clients?.close().catch(() => {});
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});

async function decrementConcurrently(docPath: string, stock: number, attempts: number) {
  const ref = db.doc(docPath);
  await ref.set({ stock });
  const results = await Promise.allSettled(
    Array.from({ length: attempts }, () =>
      db.runTransaction(async (tx) => {
        const current = (await tx.get(ref)).get('stock') as number;
        if (current <= 0) throw new Error('out of stock');
        tx.update(ref, { stock: current - 1 });
      }),
    ),
  );
  const final = (await ref.get()).get('stock') as number;
  return { ok: results.filter((r) => r.status === 'fulfilled').length, final };
}

describe('local Firebase stack', () => {
  it('is seeded on first start', async () => {
    const users = await db.collection(`${SHOP}/users`).get();
    expect(users.docs.map((d) => d.id).sort()).toEqual(['seed-admin', 'seed-shopper']);
    const admin = users.docs.find((d) => d.id === 'seed-admin')?.data();
    expect(admin).toMatchObject({ isAdmin: true, isOwner: true, email: 'admin@chocolates.local' });
    const shopper = users.docs.find((d) => d.id === 'seed-shopper')?.data();
    expect(shopper).toMatchObject({ isAdmin: false, isMember: false, isOwner: false });
    expect(shopper?.address).toMatchObject({ city: 'São Paulo' });

    const adminUser = await clients.auth.getUserByEmail('admin@chocolates.local');
    expect(adminUser.uid).toBe('seed-admin');
    expect((await clients.auth.getUserByEmail('cliente@chocolates.local')).uid).toBe(
      'seed-shopper',
    );

    const orders = await db
      .collection(`${SHOP}/orders`)
      .where('clientRef', '==', 'seed-shopper')
      .get();
    expect(orders.size).toBe(5);
    const dates = orders.docs.map((d) => (d.get('orderDate') as Timestamp).toMillis());
    expect(new Set(dates).size).toBe(5);
    for (const order of orders.docs) {
      expect(order.get('orderDate')).toBeInstanceOf(Timestamp);
      expect(order.get('audit')).toEqual([]);
      expect(['Entrega', 'Retirada']).toContain(order.get('shippingOption'));
    }

    const inventory = await db.collection(`${SHOP}/inventory`).get();
    expect(inventory.size).toBe(17);
    expect(inventory.docs.every((d) => d.get('stock') === 10)).toBe(true);
  });

  it('serializes transactions: 30 decrements on stock 30 end at 0', async () => {
    expect(await decrementConcurrently(`${SHOP}/inventory/mini-ovo`, 30, 30)).toEqual({
      ok: 30,
      final: 0,
    });
  });

  it('serializes transactions: 30 decrements on stock 10 give exactly 10 sales', async () => {
    expect(await decrementConcurrently(`${SHOP}/inventory/ovo-pistache`, 10, 30)).toEqual({
      ok: 10,
      final: 0,
    });
  });

  it('makes writes wait for a transaction, and aborts one that holds the lock too long', async () => {
    const ref = db.doc(`${SHOP}/inventory/ovo-tropical-rio`);
    await ref.set({ stock: 5 });
    let outsideWrite: Promise<unknown> | undefined;
    let attempts = 0;
    await db.runTransaction(async (tx) => {
      attempts += 1;
      const stock = (await tx.get(ref)).get('stock') as number;
      if (attempts === 1) {
        outsideWrite = ref.update({ note: 'written outside' });
        await new Promise((resolve) => setTimeout(resolve, TX_TIMEOUT_MS + 500));
      }
      tx.update(ref, { stock: stock - 1 });
    });
    await outsideWrite;
    // The first attempt was aborted at the timeout, which let the waiting write through; the
    // retry then read the written document.
    expect(attempts).toBe(2);
    expect((await ref.get()).data()).toEqual({ stock: 4, note: 'written outside' });
  });

  it('keeps data and auth users across a restart, and moves a corrupt file aside', async () => {
    const ref = db.doc(`${SHOP}/misc/types`);
    const value = {
      when: Timestamp.fromMillis(1_775_000_000_123),
      where: new GeoPoint(-23.55, -46.63),
      bytes: Buffer.from([0, 1, 2, 255]),
      ref: db.doc(`${SHOP}/users/seed-shopper`),
      nested: { list: [1, 'two', { three: 3.5 }], nothing: null },
      double: 0.1,
    };
    await ref.set(value);
    await ref.update({ 'nested.nothing': FieldValue.delete(), counter: FieldValue.increment(2) });
    await db.doc(`${SHOP}/inventory/mini-ovo`).set({ stock: 3 });
    await clients.auth.createUser({ uid: 'persisted', email: 'persisted@chocolates.local' });

    const { dataDir, ports } = stack;
    await clients.close();
    await stack.stop({ keepDataDir: true });
    await connect(await startTestFirebase({ dataDir, ports, timeoutMs: START_TIMEOUT_MS }));

    const stored = (await db.doc(`${SHOP}/misc/types`).get()).data();
    expect(stored).toEqual({
      ...value,
      bytes: expect.anything(),
      ref: expect.anything(),
      nested: { list: [1, 'two', { three: 3.5 }] },
      counter: 2,
    });
    expect(Buffer.from(stored?.bytes as Uint8Array)).toEqual(value.bytes);
    expect(stored?.ref.path).toBe(`${SHOP}/users/seed-shopper`);
    expect((await db.doc(`${SHOP}/inventory/mini-ovo`).get()).get('stock')).toBe(3);
    expect((await clients.auth.getUser('persisted')).email).toBe('persisted@chocolates.local');

    await clients.close();
    await stack.stop({ keepDataDir: true });
    const file = path.join(dataDir, 'firestore.json');
    fs.writeFileSync(file, '{"format": "chocolate-shop-local-firestore", "documents": [');
    await connect(await startTestFirebase({ dataDir, ports, timeoutMs: START_TIMEOUT_MS }));

    expect(stack.output()).toMatch(/CORRUPT Firestore data file/);
    const aside = fs
      .readdirSync(dataDir)
      .filter((name) => name.startsWith('firestore.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect((await db.doc(`${SHOP}/misc/types`).get()).exists).toBe(false);
    expect((await db.doc(`${SHOP}/inventory/mini-ovo`).get()).get('stock')).toBe(10);
    expect((await db.collection(`${SHOP}/users`).get()).size).toBe(2);
    await expect(clients.auth.getUser('persisted')).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await clients.auth.getUser('seed-admin')).email).toBe('admin@chocolates.local');
  });
});

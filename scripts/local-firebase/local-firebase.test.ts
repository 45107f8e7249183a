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

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;

async function connect(next: TestFirebase) {
  stack = next;
  clients = adminClients(stack);
  db = clients.db;
}

beforeAll(async () => {
  await connect(await startTestFirebase({ timeoutMs: START_TIMEOUT_MS }));
});

afterAll(async () => {
  await clients?.close().catch(() => {});
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});

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

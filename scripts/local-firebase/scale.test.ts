// The local Firestore at a shop's size (scripts/local-firebase/state-patches.mjs,
// equality-index.mjs, listen.mjs): what Firestore does from an index or per change, it must not
// do by walking the whole collection or database, or a shop holding an Easter week's documents
// serves a rush many times slower than a fresh one. Run in this process, against the emulator
// module itself, so the test can look at what a query examined and a listener was sent.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

import { startFirestoreEmulator } from './firestore.mjs';
import { indexesOf } from './query.mjs';
import { growsInPlace } from './state-patches.mjs';

jest.setTimeout(120_000);

const ROOT = 'projects/scale-test';
const DATABASE = 'projects/demo-scale/databases/(default)/documents';

const ORDERS = 3000;

let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let app: App;
let db: Firestore;
const listenReads: number[] = [];

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    port: 0,
    log: () => {},
    onRead: (count: number, kind: string) => {
      if (kind === 'listen') listenReads.push(count);
    },
  });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  app = initializeApp({ projectId: 'demo-scale' }, `scale-${Date.now()}`);
  db = getFirestore(app);
  // An Easter week's orders: 3,000 of 1,000 shoppers, a third of them still open.
  for (let start = 0; start < ORDERS; start += 500) {
    const batch = db.batch();
    for (let i = start; i < start + 500; i += 1) {
      batch.set(db.doc(`${ROOT}/orders/order-${i}`), {
        clientRef: `shopper-${i % 1000}`,
        status: { confirmed: i % 3 !== 0, cancelled: false },
      });
    }
    await batch.commit();
  }
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

it('adds a document to a large collection in place, without copying the collection', async () => {
  const held = emulator.state.getCollection(`${DATABASE}/${ROOT}/orders`);
  const before = held.getAllDocuments().length;
  expect(before).toBeGreaterThanOrEqual(ORDERS);
  await db.doc(`${ROOT}/orders/one-more`).set({ clientRef: 'shopper-1', status: {} });
  expect(held.getAllDocuments().length).toBe(before + 1);
  expect(growsInPlace(held)).toBe(true);
  // A read of a document that does not exist adds no copy of the collection either.
  await db.doc(`${ROOT}/orders/never-written`).get();
  expect(growsInPlace(held)).toBe(true);
});

it('answers an equality query from the documents holding the value, not the collection', async () => {
  const indexes = indexesOf(emulator.state);
  const query = db
    .collection(`${ROOT}/orders`)
    .where('clientRef', '==', 'shopper-7')
    .where('status.confirmed', '==', false)
    .where('status.cancelled', '==', false);
  await query.get();
  const before = indexes.examined();
  const open = await query.get();
  // shopper-7 holds orders 7, 1007 and 2007; those whose number is a multiple of 3 are open.
  const expected = [7, 1007, 2007].filter((i) => i % 3 === 0).map((i) => `order-${i}`);
  expect(open.docs.map((doc) => doc.id).sort()).toEqual(expected.sort());
  // The documents examined: the shopper's three, not the 3,000 orders.
  expect(indexes.examined() - before).toBe(3);

  // The index follows every commit: a new open order, and one confirmed.
  await db.doc(`${ROOT}/orders/order-new`).set({
    clientRef: 'shopper-7',
    status: { confirmed: false, cancelled: false },
  });
  await db.doc(`${ROOT}/orders/order-new`).update({ clientRef: 'shopper-8' });
  await db.doc(`${ROOT}/orders/order-7-b`).set({
    clientRef: 'shopper-7',
    status: { confirmed: false, cancelled: false },
  });
  const after = await query.get();
  expect(after.docs.map((doc) => doc.id).sort()).toEqual([...expected, 'order-7-b'].sort());
  await db.doc(`${ROOT}/orders/order-7-b`).delete();
  expect((await query.get()).docs.map((doc) => doc.id)).toEqual(expected);
});

it('sends a listener only the changes of its own collection', async () => {
  const markers = db.collection(`${ROOT}/markers`);
  await Promise.all(
    Array.from({ length: 10 }, (_, shard) => markers.doc(`shard-${shard}`).set({ version: 0 })),
  );
  const snapshots: { size: number; changes: number }[] = [];
  const unsubscribe = markers.onSnapshot((snapshot) => {
    snapshots.push({ size: snapshot.size, changes: snapshot.docChanges().length });
  });
  try {
    await waitFor(() => snapshots.length === 1);
    listenReads.length = 0;
    // Writes elsewhere in the database: nothing for this listener.
    await db.doc(`${ROOT}/orders/order-1`).update({ note: 'elsewhere' });
    await db.doc(`${ROOT}/buckets/one`).set({ tokens: 1 });
    // One marker changes: one document sent.
    await markers.doc('shard-3').set({ version: 1 });
    await waitFor(() => snapshots.length === 2);
    expect(snapshots[1]).toEqual({ size: 10, changes: 1 });
    expect(listenReads).toEqual([1]);
    await markers.doc('shard-3').delete();
    await waitFor(() => snapshots.length === 3);
    expect(snapshots[2]).toEqual({ size: 9, changes: 1 });
  } finally {
    unsubscribe();
  }
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(condition()).toBe(true);
}

it('finds a document by its id through the index (documentId() ==)', async () => {
  const { FieldPath } = await import('firebase-admin/firestore');
  const orders = db.collection(`${ROOT}/orders`);
  const found = await orders.where(FieldPath.documentId(), '==', 'order-42').get();
  expect(found.docs.map((doc) => doc.id)).toEqual(['order-42']);
});

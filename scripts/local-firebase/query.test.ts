import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { FieldPath, Filter, Timestamp, type CollectionReference } from 'firebase-admin/firestore';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

// The local Firestore's query semantics that paged queries rely on (scripts/local-firebase/
// query.mjs): cursors, offset, select(), orderBy excluding documents without the field, ties
// broken by document name, and count() over the same query; and its composite-index check
// (scripts/local-firebase/indexes.mjs), here against this file's own index list.

jest.setTimeout(60_000);

let stack: TestFirebase;
let clients: AdminClients;
let items: CollectionReference;

const index = (...fields: [string, string][]) => ({
  collectionGroup: 'items',
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, order]) =>
    order === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order },
  ),
});
// The composite indexes this file's stack accepts, as a firestore.indexes.json.
const INDEXES = [
  index(['status', 'ASCENDING'], ['at', 'DESCENDING']),
  // Merged for status == && day == ordered by rank descending.
  index(['status', 'ASCENDING'], ['rank', 'DESCENDING']),
  index(['day', 'ASCENDING'], ['rank', 'DESCENDING']),
  index(['tags', 'CONTAINS'], ['rank', 'ASCENDING']),
];
const indexFile = path.join(os.tmpdir(), `query-test-indexes-${process.pid}.json`);

beforeAll(async () => {
  fs.writeFileSync(indexFile, JSON.stringify({ indexes: INDEXES, fieldOverrides: [] }));
  stack = await startTestFirebase({
    timeoutMs: 80_000,
    stackEnv: { LOCAL_FIRESTORE_INDEXES: indexFile },
  });
  clients = adminClients(stack);
  items = clients.db.collection('projects/query-test/items');
  const batch = clients.db.batch();
  // 12 items: rank 0..11, two per day (so `day` has ties), e-mail on even ranks only.
  for (let rank = 0; rank < 12; rank += 1) {
    batch.set(items.doc(`item-${String(rank).padStart(2, '0')}`), {
      rank,
      day: Math.floor(rank / 2),
      status: rank % 3 === 0 ? 'open' : 'done',
      at: Timestamp.fromMillis(1_700_000_000_000 + rank * 60_000),
      customer: { name: `Name ${rank}`, city: 'São Paulo' },
      tags: rank % 2 === 0 ? ['even'] : ['odd'],
      ...(rank % 2 === 0 ? { email: `c${rank}@example.com` } : {}),
    });
  }
  await batch.commit();
}, 90_000);

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
  fs.rmSync(indexFile, { force: true });
});

const ids = (snapshot: FirebaseFirestore.QuerySnapshot) => snapshot.docs.map((d) => d.id);
const rank = (n: number) => `item-${String(n).padStart(2, '0')}`;

describe('local Firestore queries', () => {
  it('pages with startAfter(snapshot) through every document exactly once, newest first', async () => {
    const seen: string[] = [];
    let query = items.orderBy('at', 'desc').limit(5);
    for (;;) {
      const page = await query.get();
      seen.push(...ids(page));
      if (page.size < 5) break;
      query = items
        .orderBy('at', 'desc')
        .startAfter(page.docs[page.docs.length - 1])
        .limit(5);
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => rank(11 - i)));
  });

  it('breaks ties by document name, so a cursor on a tied value neither skips nor repeats', async () => {
    const first = await items.orderBy('day').limit(3).get();
    expect(ids(first)).toEqual([rank(0), rank(1), rank(2)]);
    const next = await items.orderBy('day').startAfter(first.docs[2]).limit(3).get();
    expect(ids(next)).toEqual([rank(3), rank(4), rank(5)]);
  });

  it('honours startAt, endAt and endBefore on values', async () => {
    expect(ids(await items.orderBy('rank').startAt(4).endAt(6).get())).toEqual([
      rank(4),
      rank(5),
      rank(6),
    ]);
    expect(ids(await items.orderBy('rank').startAfter(4).endBefore(6).get())).toEqual([rank(5)]);
    expect(ids(await items.orderBy('rank', 'desc').startAt(2).get())).toEqual([
      rank(2),
      rank(1),
      rank(0),
    ]);
  });

  it('combines a where filter with a cursor', async () => {
    const open = await items.where('status', '==', 'open').orderBy('at', 'desc').limit(2).get();
    expect(ids(open)).toEqual([rank(9), rank(6)]);
    const rest = await items
      .where('status', '==', 'open')
      .orderBy('at', 'desc')
      .startAfter(open.docs[1])
      .get();
    expect(ids(rest)).toEqual([rank(3), rank(0)]);
  });

  it('skips with offset before applying limit', async () => {
    expect(ids(await items.orderBy('rank').offset(10).limit(5).get())).toEqual([
      rank(10),
      rank(11),
    ]);
    expect(ids(await items.orderBy('rank').offset(3).limit(2).get())).toEqual([rank(3), rank(4)]);
  });

  it('returns only the selected fields, nested ones included', async () => {
    const snapshot = await items.where('rank', '==', 4).select('status', 'customer.name').get();
    expect(snapshot.docs[0]?.data()).toEqual({ status: 'done', customer: { name: 'Name 4' } });
    const namesOnly = await items.orderBy('rank').limit(2).select().get();
    expect(namesOnly.docs.map((d) => [d.id, d.data()])).toEqual([
      [rank(0), {}],
      [rank(1), {}],
    ]);
  });

  it('leaves out documents that lack an orderBy field', async () => {
    const withEmail = await items.orderBy('email').get();
    expect(withEmail.size).toBe(6);
    expect(withEmail.docs.every((d) => typeof d.get('email') === 'string')).toBe(true);
  });

  it('orders by document id and pages on it', async () => {
    const page = await items.orderBy(FieldPath.documentId()).startAfter(rank(9)).get();
    expect(ids(page)).toEqual([rank(10), rank(11)]);
  });

  it('counts what the query matches, cursors and limits included', async () => {
    expect((await items.where('status', '==', 'open').count().get()).data().count).toBe(4);
    expect((await items.orderBy('rank').startAfter(8).count().get()).data().count).toBe(3);
    expect((await items.orderBy('rank').limit(5).count().get()).data().count).toBe(5);
  });

  it('pages inside a transaction too', async () => {
    const result = await clients.db.runTransaction(async (tx) => {
      const page = await tx.get(items.orderBy('rank').startAfter(9));
      return ids(page);
    });
    expect(result).toEqual([rank(10), rank(11)]);
  });
});

describe('local Firestore composite indexes', () => {
  const refused = (query: { get(): Promise<unknown> }) =>
    expect(query.get()).rejects.toMatchObject({
      code: 9, // FAILED_PRECONDITION, as a real project answers
      message: expect.stringContaining('requires an index'),
    });

  it('needs none for one field, or for equality filters alone (single-field indexes merge)', async () => {
    await items.where('rank', '>', 3).orderBy('rank', 'desc').get();
    await items.where('status', '==', 'open').where('day', '==', 0).get();
    await items.where('status', 'in', ['open', 'done']).where('day', '==', 1).get();
    expect(
      (await items.where('status', '==', 'open').where('day', '==', 3).count().get()).data(),
    ).toEqual({ count: 1 });
  });

  it('refuses equality and an order on another field without their index, names it', async () => {
    await refused(items.where('status', '==', 'open').orderBy('rank'));
    await expect(items.where('day', '==', 1).orderBy('at').get()).rejects.toThrow(
      'items (day ASCENDING, at ASCENDING)',
    );
  });

  it("accepts the declared index only in the declared order's direction", async () => {
    await items.where('status', '==', 'open').orderBy('at', 'desc').get();
    await refused(items.where('status', '==', 'open').orderBy('at', 'asc'));
  });

  it('refuses a range on one field ordered by another, or ranges on two fields', async () => {
    await refused(items.where('rank', '>', 3).orderBy('at'));
    await refused(items.where('rank', '>', 3).where('day', '<', 5));
    await refused(items.where('status', '==', 'open').where('rank', '>', 3));
  });

  it('merges indexes ending in the same order for several equality filters', async () => {
    await items.where('status', '==', 'open').where('day', '==', 3).orderBy('rank', 'desc').get();
    await refused(items.where('status', '==', 'open').where('day', '==', 3).orderBy('rank'));
  });

  it('checks array-contains against CONTAINS index fields', async () => {
    await items.where('tags', 'array-contains', 'even').orderBy('rank').get();
    await refused(items.where('tags', 'array-contains', 'even').orderBy('rank', 'desc'));
  });

  it('answers a refused query once: the client does not send it again', async () => {
    // Firestore sends a read's response headers before its error; without them firebase-admin
    // takes the refusal for a lost connection and sends the query twice more, seconds apart.
    const from = stack.output().length;
    await refused(items.where('day', '==', 2).orderBy('rank'));
    await refused(items.where('day', '==', 2).orderBy('rank').count());
    await stack.reads(); // answered on the stack's output after every line printed before it
    const printed = stack.output().slice(from);
    expect(printed.match(/refused a query lacking its composite index: items \(day/g)).toHaveLength(
      2,
    );
  });

  it('checks count() and each branch of an OR alike', async () => {
    await expect(items.where('status', '==', 'open').orderBy('rank').count().get()).rejects.toThrow(
      'requires an index',
    );
    await items
      .where(Filter.or(Filter.where('status', '==', 'open'), Filter.where('day', '==', 2)))
      .get();
    await refused(
      items
        .where(Filter.or(Filter.where('status', '==', 'open'), Filter.where('day', '==', 2)))
        .orderBy('at'),
    );
  });
});

// The menu search's list of hidden products against a private local Firebase (seeded: every
// product shown).
import type { Firestore } from 'firebase-admin/firestore';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.setTimeout(30_000);

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let route: typeof import('./route');

const INVENTORY = 'projects/chocolate-shop/inventory';

beforeAll(async () => {
  stack = await startTestFirebase();
  clients = adminClients(stack);
  db = clients.db;
  route = await import('./route');
});

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
});

describe('GET /api/catalogue/hidden', () => {
  it('lists exactly the products with showInStore off, live and never cached', async () => {
    const first = await route.GET();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ hidden: [] });

    await db.doc(`${INVENTORY}/barra-tropical-rio`).set({ showInStore: false }, { merge: true });
    // Not for sale is not hidden: the landing still lists it.
    await db.doc(`${INVENTORY}/mini-ovo`).set({ availableForSale: false }, { merge: true });
    expect(await (await route.GET()).json()).toEqual({ hidden: ['barra-tropical-rio'] });

    await db.doc(`${INVENTORY}/barra-tropical-rio`).set({ showInStore: true }, { merge: true });
    expect(await (await route.GET()).json()).toEqual({ hidden: [] });
  });
});

// What one order and one sold-out refusal cost in Firestore operations, from the request to the
// answer: POST /api/orders called as the browser calls it (a real session cookie, the shop's
// delivery table, Mercado Pago configured against the fake API), counted by the local Firestore
// (reads as Firestore bills them, documents written, read-write transactions begun). The figures
// are in docs/SCALING.md; a change that costs more fails here.
import type { Firestore } from 'firebase-admin/firestore';
import { NextRequest } from 'next/server';

import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  setUpFileFirebase,
  type FirestoreOperations,
  type TestFirebase,
} from '@/test/local-firebase-env';

import { SEED_DELIVERY } from '../../scripts/local-firebase/seed.mjs';

jest.mock('next/headers', () => {
  const mock = jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock();
  const { cookieJar: jar } =
    jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator');
  return {
    ...mock,
    // One client address per shopper, as one trusted proxy hop reports it (test/jest-env.js).
    headers: async () =>
      new Headers({ cookie: jar.header(), 'x-forwarded-for': `10.9.0.${jar.cookies.size}` }),
  };
});
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(90_000);

const ROOT = 'projects/chocolate-shop';
const ACCESS_TOKEN = 'TEST-order-cost-token';
const PRODUCT = 'ovo-pistache';

let stack: TestFirebase;
let db: Firestore;
let fake: FakeMercadoPago;
let route: typeof import('@/app/api/orders/route');
let session: typeof import('@/lib/session/session');
let stockShards: typeof import('@/lib/inventory/stock-shards');

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ stack, db } = firebase);
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'TEST-order-cost-public',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: 'order-cost-secret',
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  await db.doc(`${ROOT}/settings/delivery`).set(SEED_DELIVERY);
  route = await import('@/app/api/orders/route');
  session = await import('@/lib/session/session');
  stockShards = await import('@/lib/inventory/stock-shards');
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

let accounts = 0;
/** A new shopper's session cookie, as the browser holds it after signing in. */
async function signedInShopper(): Promise<string> {
  accounts += 1;
  const email = `cost-${accounts}@example.com`;
  await firebase.clients.auth.createUser({ email, password: 'cost-password-1' });
  cookieJar.reset();
  const { idToken } = await signInWithPassword(stack.authHost, email, 'cost-password-1');
  await session.createSession(idToken);
  const value = cookieJar.cookies.get(session.SESSION_COOKIE)?.value;
  if (!value) throw new Error('no session cookie');
  return value;
}

let orders = 0;
async function order(cookie: string): Promise<{ status: number; body: { ok: boolean } }> {
  orders += 1;
  cookieJar.reset();
  cookieJar.cookies.set(session.SESSION_COOKIE, { value: cookie, options: {} });
  const origin = 'http://localhost:3000';
  const response = await route.POST(
    new NextRequest(`${origin}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        orderId: `COST${String(orders).padStart(8, '0')}`,
        lines: [{ key: PRODUCT, quantity: 1 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale: 'pt-BR',
      }),
    }),
  );
  return { status: response.status, body: (await response.json()) as { ok: boolean } };
}

/** The operations `work` cost, request to answer. */
async function cost(work: () => Promise<unknown>): Promise<FirestoreOperations> {
  const before = await stack.operations();
  await work();
  const after = await stack.operations();
  return {
    reads: after.reads - before.reads,
    writes: after.writes - before.writes,
    transactions: after.transactions - before.transactions,
  };
}

it('counts the Firestore operations of one order and of one sold-out refusal', async () => {
  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 100 });
  // The process's first order pays for warming up (the lazy expiry run, the listeners): not
  // what a shopper in a rush costs.
  expect((await order(await signedInShopper())).status).toBe(200);
  const buyer = await signedInShopper();
  let answer = { status: 0 };
  const placed = await cost(async () => {
    answer = await order(buyer);
  });
  expect(answer.status).toBe(200);

  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 0 });
  // What the shop knows of the stock (this process's listeners) catches up moments later.
  for (;;) {
    const known = stockShards.stockView()?.get(PRODUCT);
    if (known && stockShards.totalOf(known) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const late = await signedInShopper();
  const refused = await cost(async () => {
    answer = await order(late);
  });
  expect(answer.status).toBe(409);

  console.log(`order cost: ${JSON.stringify({ placed, refused })}`);
  // One transaction. Reads: the session's user document, in the transaction the account's open
  // orders, its two rate-limit buckets, the stock, the day and the storefront's revision (the
  // prices charged are the catalogue's of that moment: lib/orders/order-transaction.ts); and the
  // changed stock document delivered to this process's listener. Writes: the order, the stock,
  // the day, the two buckets, the change markers (shop and shopper), the panel home's day totals
  // (a blind increment) and the Mercado Pago preference on the order.
  expect(placed.transactions).toBe(1);
  expect(placed.reads).toBeLessThanOrEqual(8);
  expect(placed.writes).toBeLessThanOrEqual(9);
  // Sold out: no session, no limits, no transaction; one read, of the order id (a replay of a
  // placed order gets that order back, not 'sold out').
  expect(refused).toEqual({ reads: 1, writes: 0, transactions: 0 });
});

// POST /api/orders against a private local Firebase, with real sessions: shoppers sign in on the
// Auth emulator and get their cookie from /api/session, as the browser does; next/headers is a
// cookie jar (test/auth-emulator.ts) plus the client address of the current request.
import type { Firestore } from 'firebase-admin/firestore';

import { resetRateLimiters, setRateLimitClock } from '@/lib/rate-limit';
import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';
import { untilStockSeen } from '@/test/stock-view';

/** The client address next/headers reports for the request being handled. */
const mockClient = { address: '192.0.2.10' };
jest.mock('next/headers', () => {
  const { cookieJar: jar, nextHeadersMock } =
    jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator');
  return {
    ...nextHeadersMock(),
    headers: async () =>
      new Headers({ cookie: jar.header(), 'x-forwarded-for': mockClient.address }),
  };
});

jest.setTimeout(60_000);

const ORIGIN = 'http://shop.test';
const URL = `${ORIGIN}/api/orders`;
const ROOT = 'projects/chocolate-shop';
const PRODUCT = 'barra-tropical-minas';

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let route: typeof import('./route');
let sessionRoute: typeof import('../session/route');

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ stack, clients, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  route = await import('./route');
  sessionRoute = await import('../session/route');
});

beforeEach(async () => {
  cookieJar.reset();
  resetRateLimiters();
  mockClient.address = '192.0.2.10';
  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 100 });
  await untilStockSeen(PRODUCT, 100);
});

let accounts = 0;
/** A new shopper, signed in: the session cookie is in the jar. Returns the uid. */
async function signedInShopper(): Promise<string> {
  accounts += 1;
  const email = `orders-route-${accounts}-${Date.now()}@example.com`;
  const password = 'chocolate-123';
  const { uid } = await clients.auth.createUser({ email, password });
  const { idToken } = await signInWithPassword(stack.authHost, email, password);
  cookieJar.reset();
  const created = await sessionRoute.POST(
    new Request(`${ORIGIN}/api/session`, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${accounts}`,
      },
      body: JSON.stringify({ idToken }),
    }),
  );
  expect(created.status).toBe(200);
  return uid;
}

let sequence = 0;
function orderInput(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    orderId: `ROUTE${String(sequence).padStart(7, '0')}`,
    lines: [{ key: PRODUCT, quantity: 1 }],
    shippingOption: 'Retirada',
    telephone: '(11) 91234-5678',
    locale: 'pt-BR',
    ...overrides,
  };
}

type PostOptions = { origin?: string | null; contentType?: string };

function post(
  body: BodyInit,
  { origin = ORIGIN, contentType = 'application/json' } = {} as PostOptions,
) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (origin !== null) headers.origin = origin;
  return route.POST(new Request(URL, { method: 'POST', headers, body }));
}

const postOrder = (input: unknown, options?: PostOptions) => post(JSON.stringify(input), options);

async function orderExists(orderId: string): Promise<boolean> {
  return (await db.doc(`${ROOT}/orders/${orderId}`).get()).exists;
}

async function stock(): Promise<unknown> {
  return (await db.doc(`${ROOT}/inventory/${PRODUCT}`).get()).get('stock');
}

/** Marks an order confirmed: the cap of three open orders per account is not under test here. */
async function confirm(orderId: string) {
  await db
    .doc(`${ROOT}/orders/${orderId}`)
    .update({ 'status.confirmed': true, statusKey: 'confirmed' });
}

describe('POST /api/orders', () => {
  it('places the order: 200 with the result, stock taken once, the same order for a repeat', async () => {
    const uid = await signedInShopper();
    const input = orderInput({ lines: [{ key: PRODUCT, quantity: 2 }] });
    const response = await postOrder(input);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(await response.json()).toEqual({
      ok: true,
      orderId: input.orderId,
      payment: { mode: 'manual' },
    });
    const stored = (await db.doc(`${ROOT}/orders/${input.orderId}`).get()).data();
    expect(stored).toMatchObject({ clientRef: uid, orderItems: [{ quantity: 2, value: 4000 }] });
    expect(await stock()).toBe(98);

    const again = await postOrder(input);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, orderId: input.orderId });
    expect(await stock()).toBe(98);
  });

  it('answers 401 without a session, writing nothing', async () => {
    const input = orderInput();
    const response = await postOrder(input);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'unauthenticated' });
    expect(await orderExists(input.orderId)).toBe(false);
  });

  it('refuses another origin, a non-JSON or oversized body and malformed JSON before any work', async () => {
    await signedInShopper();
    const input = orderInput();
    const cases: [Response, number][] = [
      [await postOrder(input, { origin: 'http://evil.test' }), 403],
      [await postOrder(input, { origin: null }), 403],
      [await postOrder(input, { origin: 'https://shop.test' }), 403],
      [await postOrder(input, { contentType: 'text/plain' }), 415],
      [await post(JSON.stringify({ ...input, telephone: 'x'.repeat(17 * 1024) })), 413],
      [await post('{"orderId":'), 400],
    ];
    for (const [response, status] of cases) {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ ok: false, error: 'invalid' });
    }
    expect(await orderExists(input.orderId)).toBe(false);
    expect(await stock()).toBe(100);
  });

  it('answers 400 for input the strict schema refuses (a price sent along), writing nothing', async () => {
    await signedInShopper();
    const input = orderInput({ lines: [{ key: PRODUCT, quantity: 1, price: 1 }] });
    const response = await postOrder(input);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, error: 'invalid' });
    expect(body.issues.join(' ')).toMatch(/lines\.0/);
    expect(await orderExists(input.orderId)).toBe(false);
  });

  it('answers 409 when the stock is short, naming the line and writing nothing', async () => {
    await signedInShopper();
    await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 1 });
    const input = orderInput({ lines: [{ key: PRODUCT, quantity: 3 }] });
    const response = await postOrder(input);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: 'out-of-stock',
      details: [{ key: PRODUCT, available: 1 }],
    });
    expect(await orderExists(input.orderId)).toBe(false);
    expect(await stock()).toBe(1);
  });

  it('lets one account place 5 orders in a minute; the 6th gets 429 with Retry-After and writes nothing', async () => {
    await signedInShopper();
    for (let n = 1; n <= 5; n++) {
      const input = orderInput();
      const response = await postOrder(input);
      expect(response.status).toBe(200);
      await confirm(input.orderId);
    }
    const ordersBefore = (await db.collection(`${ROOT}/orders`).get()).size;
    const sixth = orderInput();
    const started = Date.now();
    const response = await postOrder(sixth);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    // One order comes back every 12 s (5 a minute).
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(await response.json()).toEqual({
      ok: false,
      error: 'rate-limited',
      retryAfterSeconds: retryAfter,
    });
    console.info(`6th order: 429, Retry-After ${retryAfter} s, in ${Date.now() - started} ms`);
    expect(await orderExists(sixth.orderId)).toBe(false);
    expect(await stock()).toBe(95);
    expect((await db.collection(`${ROOT}/orders`).get()).size).toBe(ordersBefore);
  });

  it('limits one address to 20 orders a minute across accounts: the 21st gets 429', async () => {
    mockClient.address = '203.0.113.20';
    // 21 orders with account sign-ups between them take seconds here: no token comes back meanwhile.
    const frozen = Date.now();
    setRateLimitClock(() => frozen);
    const statuses: number[] = [];
    for (let account = 0; account < 5; account++) {
      await signedInShopper();
      for (let n = 0; n < (account < 4 ? 5 : 1); n++) {
        const input = orderInput();
        const response = await postOrder(input);
        statuses.push(response.status);
        if (response.status === 200) await confirm(input.orderId);
        else expect(await orderExists(input.orderId)).toBe(false);
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});

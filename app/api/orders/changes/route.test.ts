// Integration tests of the live-update endpoints against a private local Firebase, calling the
// route handlers directly with real session cookies (next/headers cookies() is a cookie jar):
// who may read what, and that a status change made through the panel is reported.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { NextRequest } from 'next/server';

import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';

type ShopperRoute = typeof import('./route');
type PanelRoute = typeof import('../panel-changes/route');
type Session = typeof import('@/lib/session/session');
type Actions = typeof import('@/lib/control-panel/actions');

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let auth: Auth;
let shopperRoute: ShopperRoute;
let panelRoute: PanelRoute;
let session: Session;
let actions: Actions;
let shopperA = '';

const cookies: Record<string, string | null> = {};

async function sessionCookieFor(email: string, password: string): Promise<string> {
  cookieJar.reset();
  const { idToken } = await signInWithPassword(stack.authHost, email, password);
  await session.createSession(idToken);
  const value = cookieJar.cookies.get(session.SESSION_COOKIE)?.value;
  if (!value) throw new Error(`no session cookie for ${email}`);
  cookieJar.reset();
  return value;
}

function as(who: string) {
  cookieJar.reset();
  const value = cookies[who];
  if (value) cookieJar.cookies.set(session.SESSION_COOKIE, { value, options: {} });
}

const NO_STATUS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

/** A stored order of `clientRef`, placed and last changed at `at`. */
async function storeOrder(
  orderId: string,
  clientRef: string,
  at: Date,
  status: Partial<typeof NO_STATUS> = {},
) {
  await db.doc(`${ROOT}/orders/${orderId}`).set({
    orderID: orderId,
    orderDate: Timestamp.fromDate(at),
    statusChangedAt: Timestamp.fromDate(at),
    clientRef,
    orderItems: [
      { key: 'barra-tropical-rio', translatedTitle: 'Barra Tropical Rio', quantity: 1, value: 40 },
    ],
    status: { ...NO_STATUS, ...status },
    shippingOption: 'Retirada',
    total: 40,
    locale: 'pt-BR',
    address: null,
    telephone: '11912345678',
    customer: { name: 'Cliente', email: 'cliente@example.com' },
    stockReturned: false,
    audit: [],
  });
}

function shopperGet(seen?: number) {
  const query = seen === undefined ? '' : `?seen=${seen}`;
  return shopperRoute.GET(new NextRequest(`http://shop.test/api/orders/changes${query}`));
}

function panelGet(since?: number, seen?: number) {
  const params = new URLSearchParams();
  if (since !== undefined) params.set('since', String(since));
  if (seen !== undefined) params.set('seen', String(seen));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return panelRoute.GET(new NextRequest(`http://shop.test/api/orders/panel-changes${query}`));
}

type ShopperAnswer = {
  orders?: { orderId: string; status: string }[];
  unchanged?: boolean;
  marker: number;
};
type PanelAnswer = { now: number; changes: { orderId: string; status: string }[]; marker: number };

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
  ({ stack, clients, db } = firebase);
  auth = clients.auth;
  session = await import('@/lib/session/session');
  shopperRoute = await import('./route');
  panelRoute = await import('../panel-changes/route');
  actions = await import('@/lib/control-panel/actions');

  await auth.createUser({
    uid: 'shopper-b',
    email: 'shopper-b@example.com',
    password: 'segredo-123',
  });
  await db
    .doc(`${ROOT}/users/shopper-b`)
    .set({ authUID: 'shopper-b', email: 'shopper-b@example.com', name: 'B', isAdmin: false });
  await auth.createUser({
    uid: 'admin-two',
    email: 'admin-two@example.com',
    password: 'segredo-123',
  });
  await db
    .doc(`${ROOT}/users/admin-two`)
    .set({ authUID: 'admin-two', email: 'admin-two@example.com', name: 'A2', isAdmin: true });

  shopperA = (await auth.getUserByEmail('cliente@chocolates.local')).uid;
  cookies.visitor = null;
  cookies.shopperA = await sessionCookieFor('cliente@chocolates.local', 'cliente-chocolate-123');
  cookies.shopperB = await sessionCookieFor('shopper-b@example.com', 'segredo-123');
  cookies.admin = await sessionCookieFor('admin@chocolates.local', 'admin-chocolate-123');
  cookies.adminTwo = await sessionCookieFor('admin-two@example.com', 'segredo-123');

  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await storeOrder('LIVEA00001', shopperA, hourAgo, { confirmed: true });
  await storeOrder('LIVEA00002', shopperA, hourAgo, { delivered: true });
  await storeOrder('LIVEB00001', 'shopper-b', hourAgo);
}, 120_000);

describe('GET /api/orders/changes (the shopper)', () => {
  it('answers 401 to a visitor, uncached', async () => {
    as('visitor');
    const response = await shopperGet();
    expect(response.status).toBe(401);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it("lists only the signed-in shopper's own open orders with their status", async () => {
    as('shopperA');
    const response = await shopperGet();
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { orders } = (await response.json()) as { orders: { orderId: string }[] };
    expect(orders).toContainEqual({ orderId: 'LIVEA00001', status: 'confirmed' });
    const ids = orders.map((order) => order.orderId);
    expect(ids).not.toContain('LIVEA00002'); // delivered: closed
    expect(ids).not.toContain('LIVEB00001'); // someone else's

    as('shopperB');
    const other = (await (await shopperGet()).json()) as { orders: unknown[] };
    expect(other.orders).toEqual([{ orderId: 'LIVEB00001', status: 'awaitingApproval' }]);
  });
});

describe('GET /api/orders/panel-changes (the admin)', () => {
  it('answers 401 to a visitor and 403 to a shopper, uncached', async () => {
    as('visitor');
    const visitor = await panelGet(0);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('Cache-Control')).toBe('no-store');
    as('shopperA');
    expect((await panelGet(0)).status).toBe(403);
  });

  it("refuses a malformed since and starts from the server's clock without one", async () => {
    as('admin');
    expect((await panelGet(Number.NaN)).status).toBe(400);
    const before = Date.now();
    const start = (await (await panelGet()).json()) as { now: number; changes: unknown[] };
    expect(start.now).toBeGreaterThanOrEqual(before);
    expect(start.changes).toEqual([]);
  });

  it("reports every shopper's orders placed or changed since, leaving out the asking admin's own changes", async () => {
    as('admin');
    const { now: since } = (await (await panelGet()).json()) as { now: number };
    // Nothing yet: the seeded orders are older than `since`.
    expect(((await (await panelGet(since)).json()) as { changes: unknown[] }).changes).toEqual([]);

    await storeOrder('LIVEB00002', 'shopper-b', new Date(since + 1));
    // The admin confirms shopper A's older order through the panel's action (the real write).
    await storeOrder('LIVEA00003', shopperA, new Date(since - 60_000));
    as('admin');
    const result = await actions.changeOrderStatus(null, {
      locale: 'pt-BR',
      orderId: 'LIVEA00003',
      to: 'confirmed',
    });
    expect(result).toMatchObject({ ok: true });

    // Another admin sees both: the new order and the status change.
    as('adminTwo');
    const seenByOther = (await (await panelGet(since)).json()) as {
      changes: { orderId: string; status: string; placed: boolean }[];
    };
    expect(seenByOther.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: 'LIVEB00002',
          status: 'awaitingApproval',
          placed: true,
        }),
        expect.objectContaining({ orderId: 'LIVEA00003', status: 'confirmed', placed: false }),
      ]),
    );
    expect(seenByOther.changes.map((change) => change.orderId)).not.toContain('LIVEA00001');

    // The admin who confirmed it is not told about their own change.
    as('admin');
    const seenBySelf = (await (await panelGet(since)).json()) as {
      changes: { orderId: string }[];
    };
    expect(seenBySelf.changes.map((change) => change.orderId)).toEqual(['LIVEB00002']);
  });
});

describe('what a poll costs (Firestore document reads, counted by the local Firebase)', () => {
  /** The reads `poll` made, and its answer. */
  async function priced<T>(poll: () => Promise<Response>): Promise<{ reads: number; body: T }> {
    const before = await stack.reads();
    const response = await poll();
    expect(response.status).toBe(200);
    const body = (await response.json()) as T;
    return { reads: (await stack.reads()) - before, body };
  }

  it("a shopper's poll with nothing new costs one read (the session's), and a status change shows on the next", async () => {
    await storeOrder('LIVEA00010', shopperA, new Date(Date.now() - 60_000));
    as('shopperA');
    // The first poll has no marker: it reads the orders and learns the marker.
    const first = await priced<ShopperAnswer>(() => shopperGet());
    expect(first.body.orders).toContainEqual({ orderId: 'LIVEA00010', status: 'awaitingApproval' });
    expect(first.reads).toBeGreaterThan(1);

    const quiet = await priced<ShopperAnswer>(() => shopperGet(first.body.marker));
    expect(quiet.body).toEqual({ unchanged: true, marker: first.body.marker });
    expect(quiet.reads).toBeLessThanOrEqual(1);

    as('admin');
    const result = await actions.changeOrderStatus(null, {
      locale: 'pt-BR',
      orderId: 'LIVEA00010',
      to: 'confirmed',
    });
    expect(result).toMatchObject({ ok: true });

    as('shopperA');
    const next = await priced<ShopperAnswer>(() => shopperGet(first.body.marker));
    expect(next.body.unchanged).toBeUndefined();
    expect(next.body.marker).toBeGreaterThan(first.body.marker);
    expect(next.body.orders).toContainEqual({ orderId: 'LIVEA00010', status: 'confirmed' });
  });

  it("the panel's poll with nothing new costs one read (the admin check's), and a change shows on the next", async () => {
    await storeOrder('LIVEB00010', 'shopper-b', new Date(Date.now() - 60_000));
    as('adminTwo');
    const { now: start } = (await (await panelGet()).json()) as PanelAnswer;
    // The first poll with `since` reads the marker directly and starts this process's listener.
    let last = (await (await panelGet(start)).json()) as PanelAnswer;
    // The listener's first snapshot arrives shortly after.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const quiet = await priced<PanelAnswer>(() => panelGet(last.now, last.marker));
    expect(quiet.body).toEqual({ now: last.now, changes: [], marker: last.marker });
    expect(quiet.reads).toBeLessThanOrEqual(1);
    last = quiet.body;

    as('admin');
    const result = await actions.changeOrderStatus(null, {
      locale: 'pt-BR',
      orderId: 'LIVEB00010',
      to: 'confirmed',
    });
    expect(result).toMatchObject({ ok: true });

    // The listener hears of the change within milliseconds; the panel polls every 5 s.
    as('adminTwo');
    const deadline = Date.now() + 2_000;
    let next = last;
    while (Date.now() < deadline) {
      next = (await (await panelGet(last.now, last.marker)).json()) as PanelAnswer;
      if (next.marker !== last.marker) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(next.marker).toBeGreaterThan(last.marker);
    expect(next.changes).toContainEqual(
      expect.objectContaining({ orderId: 'LIVEB00010', status: 'confirmed' }),
    );
  });
});

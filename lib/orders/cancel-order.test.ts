// The shopper cancels their own open order (POST /api/orders/cancel), against a private local
// Firebase: only their own, only while open, the units back exactly once even when two cancels
// race, an audit entry by the shopper and a bump of the change markers the live polls compare.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

import type { PublicUser } from '@/lib/users/types';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { NO_STATUS_FLAGS as FLAGS, openOrderDocument } from '@/test/order-fixtures';
import { mockSessionModule, mockSessionStore, shopper } from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';

let db: Firestore;
let route: typeof import('@/app/api/orders/cancel/route');

const eva = shopper('eva');
const fred = shopper('fred');

/** An open WhatsApp order of eva's holding 2 units of ovo-pistache, unless overridden. */
async function storeOrder(id: string, overrides: Record<string, unknown> = {}) {
  await db.doc(`${ROOT}/orders/${id}`).set(
    openOrderDocument(id, {
      orderDate: Timestamp.now(),
      clientRef: eva.uid,
      customer: { name: 'Eva', email: eva.email },
      payment: { provider: 'manual', status: 'not-required', processed: [] },
      expiresAt: Timestamp.fromMillis(Date.now() + 3_600_000),
      ...overrides,
    }),
  );
}

const order = async (id: string) => (await db.doc(`${ROOT}/orders/${id}`).get()).data();
const stock = async () =>
  (await db.doc(`${ROOT}/inventory/ovo-pistache`).get()).get('stock') as number;
const userMarker = async (uid: string) =>
  ((await db.doc(`${ROOT}/users/${uid}`).get()).get('ordersVersion') as number | undefined) ?? 0;

function cancel(user: PublicUser | 'unavailable' | null, body: unknown) {
  return mockSessionStore.run(user, () =>
    route.POST(
      new Request('http://localhost:3000/api/orders/cancel', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
        body: JSON.stringify(body),
      }),
    ),
  );
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ db } = firebase);
  route = await import('@/app/api/orders/cancel/route');
}, 90_000);

describe('POST /api/orders/cancel', () => {
  it("cancels the shopper's open order: status, units back, audit by the shopper, marker", async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('CANCEL-OWN-1');
    const before = await userMarker(eva.uid);

    const response = await cancel(eva, { orderId: 'CANCEL-OWN-1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      orderId: 'CANCEL-OWN-1',
      stockReturned: true,
    });
    const cancelled = await order('CANCEL-OWN-1');
    expect(cancelled?.status).toEqual({ ...FLAGS, cancelled: true });
    expect(cancelled).toMatchObject({
      statusKey: 'cancelled',
      stockReturned: true,
      expiresAt: null,
    });
    expect(cancelled?.audit).toHaveLength(1);
    expect(cancelled?.audit[0]).toMatchObject({
      by: { uid: eva.uid, email: eva.email },
      from: 'awaitingApproval',
      to: 'cancelled',
    });
    // The order page's history gets the cancellation, timed as the audit entry.
    expect(cancelled?.statusHistory).toEqual([{ status: 'cancelled', at: cancelled?.audit[0].at }]);
    expect(await stock()).toBe(7);
    expect(await userMarker(eva.uid)).toBe(before + 1);
  });

  it("refuses someone else's order and an unknown one alike (404), changing nothing", async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('CANCEL-EVAS-1');
    for (const orderId of ['CANCEL-EVAS-1', 'CANCEL-NOSUCH']) {
      const response = await cancel(fred, { orderId });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ ok: false, error: 'not-found' });
    }
    expect((await order('CANCEL-EVAS-1'))?.status).toEqual(FLAGS);
    expect(await stock()).toBe(5);
  });

  it('refuses an order that is no longer open (409, with its status), changing nothing', async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('CANCEL-CONF-1', {
      status: { ...FLAGS, confirmed: true },
      statusKey: 'confirmed',
    });
    const response = await cancel(eva, { orderId: 'CANCEL-CONF-1' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ ok: false, error: 'not-open', status: 'confirmed' });
    expect((await order('CANCEL-CONF-1'))?.status).toEqual({ ...FLAGS, confirmed: true });
    expect((await order('CANCEL-CONF-1'))?.audit).toEqual([]);
    expect(await stock()).toBe(5);
  });

  it('returns the units once when two cancels of one order race', async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('CANCEL-RACE-1', {
      status: { ...FLAGS, waitingPayment: true },
      statusKey: 'waitingPayment',
    });
    const responses = await Promise.all([
      cancel(eva, { orderId: 'CANCEL-RACE-1' }),
      cancel(eva, { orderId: 'CANCEL-RACE-1' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(7);
    expect((await order('CANCEL-RACE-1'))?.audit).toHaveLength(1);
  });

  it('answers 401 signed out, 400 for input beyond the orderId, 503 when the session cannot be read', async () => {
    await storeOrder('CANCEL-MISC-1');
    expect((await cancel(null, { orderId: 'CANCEL-MISC-1' })).status).toBe(401);
    expect((await cancel(eva, { orderId: 'CANCEL-MISC-1', status: 'x' })).status).toBe(400);
    expect((await cancel(eva, { orderId: '../x' })).status).toBe(400);
    const unavailable = await cancel('unavailable', { orderId: 'CANCEL-MISC-1' });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(await unavailable.json()).toEqual({ ok: false, error: 'temporarily-unavailable' });
    expect((await order('CANCEL-MISC-1'))?.status).toEqual(FLAGS);
  });
});

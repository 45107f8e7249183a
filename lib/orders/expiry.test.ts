// Holding stock fairly, against a private local Firebase: unpaid online orders expire (through
// the cron endpoint, exactly once even when it runs twice at the same time) and give their
// units back; an account may hold at most three open orders.
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import type { PublicUser } from '@/lib/users/types';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { checkoutInput, NO_STATUS_FLAGS as FLAGS, openOrderDocument } from '@/test/order-fixtures';
import {
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  shopper,
} from '@/test/session-mock';

// placeOrder and the panel's admin check read the whole session (a fresh sign-in).
jest.mock('@/lib/session/session', () => mockSessionModule({ freshSignIn: true }));
// The panel pages are called as functions; their texts are not what is under test.
jest.mock('next-intl/server', () => ({
  setRequestLocale: jest.fn(),
  getTranslations: jest.fn(async () => (key: string) => key),
  getMessages: jest.fn(async () => ({
    OrderStatus: {},
    LiveOrders: {},
    ControlPanel: { orders: {}, statusEditor: {}, stock: {} },
  })),
}));
// placeOrder's rate limit reads the caller's address.
jest.mock('next/headers', () => mockHeadersModule('192.0.2.61'));

// Next's after() as it is (it throws outside a request scope, as in this test), unless a test
// stands in for a request and takes what is handed to it.
const mockAfter = jest.fn((work: unknown) =>
  jest.requireActual<typeof import('next/server')>('next/server').after(work as () => void),
);
jest.mock('next/server', () => ({
  ...jest.requireActual<typeof import('next/server')>('next/server'),
  after: (work: unknown) => mockAfter(work),
}));

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';
const SECRET = 'expiry-test-cron-secret-0123456789';
const MINUTE = 60_000;

let db: Firestore;
let cron: typeof import('@/app/api/cron/expire-orders/route');
let placing: typeof import('./place-order');
let expiry: typeof import('./expiry');
let orderActions: typeof import('./actions');

/** An order as the checkout stores it, paid online (pending) unless overridden. */
async function storeOrder(id: string, overrides: Record<string, unknown> = {}) {
  await db.doc(`${ROOT}/orders/${id}`).set(
    openOrderDocument(id, {
      orderDate: Timestamp.fromMillis(Date.now() - 40 * MINUTE),
      clientRef: 'uid-someone',
      customer: { name: 'X', email: 'x@example.com' },
      payment: { provider: 'mercadopago', status: 'pending', processed: [] },
      expiresAt: Timestamp.fromMillis(Date.now() - 10 * MINUTE),
      ...overrides,
    }),
  );
}

const order = async (id: string) => (await db.doc(`${ROOT}/orders/${id}`).get()).data();
const stock = async (key: string) =>
  (await db.doc(`${ROOT}/inventory/${key}`).get()).get('stock') as number;

function post(authorization?: string) {
  return cron.POST(
    new Request('http://shop.test/api/cron/expire-orders', {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    }),
  );
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  process.env.CRON_SECRET = SECRET;
  ({ db } = firebase);
  cron = await import('@/app/api/cron/expire-orders/route');
  placing = await import('./place-order');
  expiry = await import('./expiry');
  orderActions = await import('./actions');
}, 90_000);

afterAll(async () => {
  delete process.env.CRON_SECRET;
});

describe('POST /api/cron/expire-orders', () => {
  it('answers 401 without the secret, or with a wrong one, and changes nothing', async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('EXP-UNAUTH');
    for (const header of [undefined, 'Bearer wrong', SECRET, `Bearer ${SECRET}x`]) {
      const response = await post(header);
      expect(response.status).toBe(401);
    }
    expect((await order('EXP-UNAUTH'))?.status).toEqual(FLAGS);
    expect(await stock('ovo-pistache')).toBe(5);
    await db.doc(`${ROOT}/orders/EXP-UNAUTH`).delete();
  });

  it('cancels an expired unpaid order and returns its stock exactly once, run twice at once', async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 5 });
    await storeOrder('EXP-DUE-01');
    // Not yet due, paid, and a WhatsApp order: none of these expires.
    await storeOrder('EXP-FRESH-01', { expiresAt: Timestamp.fromMillis(Date.now() + 10 * MINUTE) });
    await storeOrder('EXP-PAID-01', {
      status: { ...FLAGS, confirmed: true },
      statusKey: 'confirmed',
      payment: { provider: 'mercadopago', status: 'approved' },
    });
    await storeOrder('EXP-MANUAL', {
      payment: { provider: 'manual', status: 'not-required' },
      expiresAt: null,
    });
    // A declined card kept it waiting for another try (lib/orders/payment-update.ts): it expires.
    await storeOrder('EXP-DECLINED', {
      status: { ...FLAGS, waitingPayment: true },
      statusKey: 'waitingPayment',
      payment: { provider: 'mercadopago', status: 'rejected', processed: ['9:rejected'] },
    });
    // Placed before `expiresAt` existed, 40 minutes ago: expires by its date.
    await storeOrder('EXP-LEGACY');
    await db.doc(`${ROOT}/orders/EXP-LEGACY`).update({ expiresAt: FieldValue.delete() });

    const responses = await Promise.all([post(`Bearer ${SECRET}`), post(`Bearer ${SECRET}`)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { expired: string[] }[];
    const expired = bodies.flatMap((b) => b.expired).sort();
    expect(expired).toEqual(['EXP-DECLINED', 'EXP-DUE-01', 'EXP-LEGACY']);

    const due = await order('EXP-DUE-01');
    expect(due?.status).toEqual({ ...FLAGS, cancelled: true });
    expect(due).toMatchObject({ statusKey: 'cancelled', stockReturned: true, expiresAt: null });
    expect(due?.payment.status).toBe('cancelled');
    expect(due?.audit).toHaveLength(1);
    expect(due?.audit[0]).toMatchObject({ from: 'awaitingApproval', to: 'cancelled' });
    expect(due?.statusHistory).toEqual([{ status: 'cancelled', at: due?.audit[0].at }]);
    expect(await order('EXP-DECLINED')).toMatchObject({
      status: { ...FLAGS, cancelled: true },
      stockReturned: true,
      payment: { status: 'cancelled' },
    });
    // 5 + 2 (EXP-DUE) + 2 (EXP-DECLINED) + 2 (EXP-LEGACY): once each.
    expect(await stock('ovo-pistache')).toBe(11);

    for (const id of ['EXP-FRESH-01', 'EXP-PAID-01', 'EXP-MANUAL']) {
      expect((await order(id))?.status.cancelled).toBe(false);
    }
    // A third run finds nothing left to do.
    const again = (await (await post(`Bearer ${SECRET}`)).json()) as { expired: string[] };
    expect(again.expired).toEqual([]);
    expect(await stock('ovo-pistache')).toBe(11);
  });
});

describe('at most three open orders per account', () => {
  const carla = shopper('carla');
  const input = (orderId: string) =>
    checkoutInput(orderId, { lines: [{ key: 'mini-ovo', quantity: 1 }] });

  it('refuses a fourth open order, naming the three, and writes nothing', async () => {
    await db.doc(`${ROOT}/inventory/mini-ovo`).set({ stock: 10 });
    for (const id of ['CAP00000001', 'CAP00000002', 'CAP00000003']) {
      const result = await mockSessionStore.run(carla, () => placing.placeOrder(input(id)));
      expect(result).toMatchObject({ ok: true, orderId: id });
    }
    expect(await stock('mini-ovo')).toBe(7);

    const refused = await mockSessionStore.run(carla, () =>
      placing.placeOrder(input('CAP00000004')),
    );
    expect(refused).toEqual({
      ok: false,
      error: 'too-many-open',
      openOrders: ['CAP00000001', 'CAP00000002', 'CAP00000003'],
    });
    expect(await order('CAP00000004')).toBeUndefined();
    expect(await stock('mini-ovo')).toBe(7);

    // Once one is confirmed by the shop, a new order goes through.
    await db.doc(`${ROOT}/orders/CAP00000002`).update({ 'status.confirmed': true });
    const placed = await mockSessionStore.run(carla, () =>
      placing.placeOrder(input('CAP00000005')),
    );
    expect(placed).toMatchObject({ ok: true });
    expect(await stock('mini-ovo')).toBe(6);
  });
});

describe('lazy expiry when orders or stock are read', () => {
  const dora = shopper('dora');
  const admin: PublicUser = { ...shopper('admin'), isAdmin: true };
  const egg = 'ovo-tropical-rio';
  const dueOrder = (id: string) =>
    storeOrder(id, {
      clientRef: dora.uid,
      orderItems: [{ key: egg, translatedTitle: 'Ovo', quantity: 2, value: 90 }],
    });
  /** Waits for the lazy run a read started, if any (starts none itself). */
  const settled = () => expiry.lazyExpiryIdle();
  const myOrders = () => mockSessionStore.run(dora, () => orderActions.getMyOrders());

  it("the shopper's orders list expires a due order, at most once per interval", async () => {
    expiry.resetLazyExpiry();
    mockAfter.mockClear();
    await db.doc(`${ROOT}/inventory/${egg}`).set({ stock: 5 });
    await dueOrder('LAZY-DUE-01');
    const first = await myOrders();
    expect(first.ok).toBe(true);
    await settled();
    expect((await order('LAZY-DUE-01'))?.status).toEqual({ ...FLAGS, cancelled: true });
    expect(await stock(egg)).toBe(7);

    // Outside a request scope after() refused the run (nothing to outlive) and the read went on.
    const handedRun = mockAfter.mock.calls.findIndex(([work]) => work instanceof Promise);
    expect(handedRun).toBeGreaterThanOrEqual(0);
    expect(mockAfter.mock.results[handedRun]).toMatchObject({
      type: 'throw',
      value: expect.objectContaining({ message: expect.stringMatching(/outside a request scope/) }),
    });

    // Within the interval, reads do not run it again: one query per interval, not per read.
    await dueOrder('LAZY-DUE-02');
    await myOrders();
    await settled();
    expect((await order('LAZY-DUE-02'))?.status.cancelled).toBe(false);

    // The next interval's first read does.
    expiry.resetLazyExpiry();
    await myOrders();
    await settled();
    expect((await order('LAZY-DUE-02'))?.status.cancelled).toBe(true);
    expect(await stock(egg)).toBe(9);
  });

  it('a read that stops waiting hands the rest of the run to after(), which returns the units', async () => {
    expiry.resetLazyExpiry();
    await db.doc(`${ROOT}/inventory/${egg}`).set({ stock: 5 });
    await dueOrder('LAZY-AFTER-01');
    // As during a request: after() takes the work (and the host waits for it).
    const handed: unknown[] = [];
    mockAfter.mockImplementation((work) => {
      handed.push(work);
    });
    try {
      // No wait at all: the read is answered while the run is still under way.
      await expiry.expireDueOrdersLazily(0);
      const [run] = handed.filter((work) => work instanceof Promise);
      expect(run).toBeInstanceOf(Promise);
      // It is the run under way, not a settled stand-in.
      expect(run).toBe(expiry.lazyExpiryIdle());
      expect((await order('LAZY-AFTER-01'))?.status.cancelled).toBe(false);
      await run;
      expect((await order('LAZY-AFTER-01'))?.status).toEqual({ ...FLAGS, cancelled: true });
      expect(await stock(egg)).toBe(7);
    } finally {
      mockAfter.mockReset();
      mockAfter.mockImplementation((work: unknown) =>
        jest.requireActual<typeof import('next/server')>('next/server').after(work as () => void),
      );
    }
  });

  it.each([
    ['orders page', '@/app/[locale]/control-panel/orders/page'],
    ['stock page', '@/app/[locale]/control-panel/stock/page'],
  ])("the panel's %s expires due orders before it reads", async (_name, modulePath) => {
    const page = (await import(modulePath)) as {
      default: (props: Record<string, unknown>) => Promise<unknown>;
    };
    expiry.resetLazyExpiry();
    await db.doc(`${ROOT}/inventory/${egg}`).set({ stock: 5 });
    const id = `LAZY-PANEL-${modulePath.endsWith('stock/page') ? 'S' : 'O'}`;
    await dueOrder(id);
    await mockSessionStore.run(admin, () =>
      page.default({
        params: Promise.resolve({ locale: 'pt-BR' }),
        searchParams: Promise.resolve({}),
      }),
    );
    await settled();
    expect((await order(id))?.status.cancelled).toBe(true);
    expect(await stock(egg)).toBe(7);
  });
});

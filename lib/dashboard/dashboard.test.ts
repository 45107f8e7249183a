// The panel home against a private local Firebase: orders placed through POST /api/orders and
// cancelled by the shopper, the shop and an expiry move the day totals in their own
// transactions; the rebuild from the orders gives the same totals; one view of the home costs the
// same reads with 50 orders as with 5,000; a shopper's session gets 403 from every dashboard read.
import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { NextRequest } from 'next/server';

import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type TestFirebase } from '@/test/local-firebase-env';

import {
  addTotals,
  daysEnding,
  emptyTotals,
  orderContribution,
  shopDayOf,
  type DayTotals,
} from '@/lib/day-totals/rollup-math';

jest.mock('next/headers', () => {
  const mock = jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock();
  const { cookieJar: jar } =
    jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator');
  return {
    ...mock,
    headers: async () =>
      new Headers({ cookie: jar.header(), 'x-forwarded-for': `10.8.0.${jar.cookies.size}` }),
  };
});
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);
// The page is called as a function here; its texts are not what is under test.
jest.mock('next-intl/server', () => ({
  setRequestLocale: jest.fn(),
  getTranslations: jest.fn(async () => (key: string) => key),
}));

jest.setTimeout(240_000);

const ROOT = 'projects/chocolate-shop';
const FORBIDDEN = 'NEXT_HTTP_ERROR_FALLBACK;403';

let stack: TestFirebase;
let db: Firestore;
let route: typeof import('@/app/api/orders/route');
let session: typeof import('@/lib/session/session');
let rollups: typeof import('@/lib/day-totals/rollups');
let rebuild: typeof import('./rebuild');
let home: typeof import('./home');

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ stack, db } = firebase);
  route = await import('@/app/api/orders/route');
  session = await import('@/lib/session/session');
  rollups = await import('@/lib/day-totals/rollups');
  rebuild = await import('./rebuild');
  home = await import('./home');
}, 60_000);

const cookies = new Map<string, string>();
async function signIn(email: string, record: Record<string, unknown> = {}): Promise<string> {
  const user = await firebase.clients.auth.createUser({ email, password: 'painel-123' });
  await db
    .doc(`${ROOT}/users/${user.uid}`)
    .set({ authUID: user.uid, email, name: email, ...record });
  cookieJar.reset();
  const { idToken } = await signInWithPassword(stack.authHost, email, 'painel-123');
  await session.createSession(idToken);
  const value = cookieJar.cookies.get(session.SESSION_COOKIE)?.value;
  if (!value) throw new Error('no session cookie');
  cookies.set(email, value);
  return user.uid;
}
function as(email: string) {
  cookieJar.reset();
  cookieJar.cookies.set(session.SESSION_COOKIE, { value: cookies.get(email)!, options: {} });
}

let placed = 0;
async function placeOrder(lines: { key: string; quantity: number }[]): Promise<string> {
  placed += 1;
  const orderId = `DASH${String(placed).padStart(8, '0')}`;
  const origin = 'http://localhost:3000';
  const response = await route.POST(
    new NextRequest(`${origin}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        orderId,
        lines,
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale: 'pt-BR',
      }),
    }),
  );
  expect(response.status).toBe(200);
  return orderId;
}

/** Totals without the products whose units came back to 0 (a cancelled order's lines). */
function withoutZeros(totals: DayTotals): DayTotals {
  const keep = (map: Record<string, number>) =>
    Object.fromEntries(Object.entries(map).filter(([, value]) => value !== 0));
  return { ...totals, units: keep(totals.units), sales: keep(totals.sales) };
}

/** What the orders in Firestore add up to per day, counted independently of the rollups. */
async function totalsFromOrders(days: readonly string[]): Promise<Map<string, DayTotals>> {
  const result = new Map(days.map((day) => [day, emptyTotals()]));
  const snapshot = await db.collection(`${ROOT}/orders`).get();
  for (const doc of snapshot.docs) {
    const data = doc.data();
    if (data.status?.cancelled) continue;
    const order = {
      orderDate: (data.orderDate as Timestamp).toDate().toISOString(),
      orderItems: data.orderItems,
      total: data.total,
      deliveryFee: data.deliveryFee,
      memberDiscount: data.memberDiscount,
      coupon: data.coupon,
    };
    const totals = result.get(shopDayOf(order.orderDate));
    if (totals) addTotals(totals, orderContribution(order, 1));
  }
  return result;
}

describe('day totals', () => {
  it('move with each order and each cancellation, in their transactions', async () => {
    await signIn('compradora@example.com');
    await signIn('dono@example.com', { isAdmin: true });
    for (const key of ['ovo-pistache', 'mini-ovo', 'barra-tropical-rio']) {
      await db.doc(`${ROOT}/inventory/${key}`).set({ stock: 50 });
    }
    as('compradora@example.com');
    const kept = await placeOrder([
      { key: 'ovo-pistache', quantity: 2 },
      { key: 'mini-ovo', quantity: 1 },
    ]);
    const byShopper = await placeOrder([{ key: 'barra-tropical-rio', quantity: 3 }]);
    const byShop = await placeOrder([{ key: 'mini-ovo', quantity: 4 }]);
    const today = shopDayOf(new Date());
    const afterPlacing = (await rollups.readDayTotals([today])).get(today)!;
    expect(afterPlacing).toMatchObject({
      orders: 3,
      revenue: (2 * 193 + 35 + 3 * 40 + 4 * 35) * 100,
      units: { 'ovo-pistache': 2, 'mini-ovo': 5, 'barra-tropical-rio': 3 },
    });

    const { cancelOpenOrder } = await import('@/lib/orders/cancel-order');
    const { changeStatus } = await import('@/lib/control-panel/order-status');
    const shopper = await firebase.clients.auth.getUserByEmail('compradora@example.com');
    expect(
      await cancelOpenOrder(byShopper, { uid: shopper.uid, email: shopper.email! }),
    ).toMatchObject({ kind: 'cancelled' });
    expect(
      await changeStatus(
        { orderId: byShop, to: 'cancelled' },
        { uid: 'admin', email: 'dono@example.com' },
      ),
    ).toMatchObject({ ok: true });
    // A refused move (cancelled is final) takes nothing off a second time.
    expect(
      await changeStatus(
        { orderId: byShop, to: 'cancelled' },
        { uid: 'admin', email: 'dono@example.com' },
      ),
    ).toMatchObject({ ok: false });

    const totals = (await rollups.readDayTotals([today])).get(today)!;
    expect(totals).toMatchObject({ orders: 1, revenue: (2 * 193 + 35) * 100 });
    expect(totals.units).toMatchObject({
      'ovo-pistache': 2,
      'mini-ovo': 1,
      'barra-tropical-rio': 0,
    });
    expect(withoutZeros(totals)).toEqual(
      withoutZeros((await totalsFromOrders([today])).get(today)!),
    );
    void kept;
  });

  it('rebuilt from the orders equal the ones kept by the transactions', async () => {
    const today = shopDayOf(new Date());
    const kept = (await rollups.readDayTotals([today])).get(today)!;
    const report = await rebuild.rebuildDayTotals();
    // The seed's orders (other days) are counted too.
    const stored = await db.collection(`${ROOT}/orders`).get();
    const days = [...new Set(stored.docs.map((doc) => shopDayOf(doc.get('orderDate').toDate())))];
    const cancelled = stored.docs.filter((doc) => doc.get('status.cancelled') === true).length;
    expect(report).toEqual({
      orders: stored.size - cancelled,
      cancelled,
      days: days.filter((day) => (totals(day) ?? 0) > 0).length,
    });
    function totals(day: string) {
      return stored.docs.filter(
        (doc) => !doc.get('status.cancelled') && shopDayOf(doc.get('orderDate').toDate()) === day,
      ).length;
    }
    expect(withoutZeros((await rollups.readDayTotals([today])).get(today)!)).toEqual(
      withoutZeros(kept),
    );
    const rebuilt = await rollups.readDayTotals(days);
    const expected = await totalsFromOrders(days);
    for (const day of days) {
      expect(withoutZeros(rebuilt.get(day)!)).toEqual(withoutZeros(expected.get(day)!));
    }
  });
});

/** `count` orders spread over the last 30 days, written straight into Firestore (as old orders). */
async function seedOrders(from: number, count: number, now: Date) {
  const keys = ['ovo-pistache', 'mini-ovo', 'barra-tropical-rio', 'ovo-tropical-minas'];
  let batch: WriteBatch = db.batch();
  for (let index = from; index < from + count; index += 1) {
    const key = keys[index % keys.length]!;
    const quantity = 1 + (index % 3);
    const value =
      key === 'ovo-pistache'
        ? 19300
        : key === 'mini-ovo'
          ? 3500
          : key === 'barra-tropical-rio'
            ? 4000
            : 9000;
    const orderId = `SEED${String(index).padStart(8, '0')}`;
    batch.set(db.doc(`${ROOT}/orders/${orderId}`), {
      orderID: orderId,
      orderDate: Timestamp.fromMillis(
        now.getTime() - (index % 30) * 86_400_000 - (index % 600) * 1000,
      ),
      clientRef: 'seed-shopper',
      orderItems: [{ key, translatedTitle: key, quantity, value }],
      status: {
        confirmed: index % 2 === 0,
        waitingPayment: false,
        inProduction: false,
        waitingForRetrieval: false,
        waitingForDelivery: false,
        delivered: false,
        cancelled: index % 17 === 0,
      },
      statusKey:
        index % 17 === 0 ? 'cancelled' : index % 2 === 0 ? 'confirmed' : 'awaitingApproval',
      shippingOption: 'Retirada',
      total: quantity * value + (index % 5 === 0 ? 1200 : 0),
      deliveryFee: index % 5 === 0 ? 1200 : 0,
      amountsIn: 'centavos',
      locale: 'pt-BR',
      customer: { name: 'Cliente', email: 'cliente@example.com' },
      payment: { provider: 'manual', status: 'not-required' },
    });
    if ((index + 1) % 400 === 0) {
      await batch.commit();
      batch = db.batch();
    }
  }
  await batch.commit();
}

describe('one view of the home', () => {
  it('costs the same reads with 50 orders as with 5,000', async () => {
    await db
      .collection(`${ROOT}/orders`)
      .get()
      .then(async (snapshot) => {
        const batch = db.batch();
        snapshot.docs.forEach((doc) => batch.delete(doc.ref));
        await batch.commit();
      });
    const now = new Date();
    const views = async (label: string) => {
      await rebuild.rebuildDayTotals();
      const before = await stack.operations();
      const dashboard = await home.readDashboard('pt-BR', now);
      const after = await stack.operations();
      const times: number[] = [];
      for (let view = 0; view < 20; view += 1) {
        const started = performance.now();
        await home.readDashboard('pt-BR', now);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
      console.log(
        `dashboard ${label}: ${after.reads - before.reads} reads, p95 ${p95.toFixed(0)} ms over 20 views`,
      );
      return { reads: after.reads - before.reads, dashboard };
    };

    await seedOrders(0, 50, now);
    const small = await views('50 orders');
    const days = daysEnding(shopDayOf(now), 30);
    const expected = await totalsFromOrders(days);
    expect(small.dashboard.days.map((day) => [day.day, day.orders, day.revenue])).toEqual(
      days.map((day) => [day, expected.get(day)!.orders, expected.get(day)!.revenue]),
    );

    await seedOrders(50, 4950, now);
    const large = await views('5,000 orders');
    expect(large.dashboard.month.orders).toBeGreaterThan(small.dashboard.month.orders * 50);
    expect(large.reads).toBe(small.reads);
    // 30 days × 4 shards, the inventory and the counts: far from one per order.
    expect(large.reads).toBeLessThan(200);
  });
});

describe('who may read the dashboard', () => {
  it("answers a shopper's session 403 on the page and the action, and an admin the page", async () => {
    // forbidden() needs the flag next.config.ts sets (experimental.authInterrupts) for the build.
    process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
    const page = (await import('@/app/[locale]/control-panel/page')).default;
    const { saveDashboardSettingsAction } = await import('@/lib/control-panel/dashboard-actions');
    const render = () =>
      page({ params: Promise.resolve({ locale: 'pt-BR' }), searchParams: Promise.resolve({}) });
    as('compradora@example.com');
    await expect(render()).rejects.toThrow(FORBIDDEN);
    await expect(
      saveDashboardSettingsAction({ morningEmail: false, lowStockEmail: false }),
    ).rejects.toThrow(FORBIDDEN);
    expect((await db.doc(`${ROOT}/settings/dashboard`).get()).exists).toBe(false);

    as('dono@example.com');
    await expect(render()).resolves.toBeTruthy();
    await expect(
      saveDashboardSettingsAction({ morningEmail: false, lowStockEmail: true }),
    ).resolves.toEqual({
      ok: true,
      settings: { morningEmail: false, lowStockEmail: true },
    });
  });

  it('refuses the rebuild without the cron secret', async () => {
    const { POST } = await import('@/app/api/cron/rebuild-dashboard/route');
    const response = await POST(
      new Request('http://localhost/api/cron/rebuild-dashboard', { method: 'POST' }),
    );
    expect(response.status).toBe(401);
  });
});

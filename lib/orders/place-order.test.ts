// Integration tests of placing orders against a private local Firebase, without Mercado Pago
// (the manual payment path). The session lookup is mocked: each call runs as the user of its
// async context, so concurrent calls can be different shoppers.
import { AsyncLocalStorage } from 'node:async_hooks';

import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import type { PublicUser } from '@/lib/users/types';
import { untilStockSeen } from '@/test/stock-view';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { checkoutInput } from '@/test/order-fixtures';
import { as, mockCallerAddress, mockSessionModule, shopper } from '@/test/session-mock';
import { parseOrderFilters } from './order-filters';

jest.mock('@/lib/session/session', () => mockSessionModule());
// Each shopper calls from an address of their own, unless a test says otherwise.
const mockAddressStore = new AsyncLocalStorage<string>();
jest.mock('next/headers', () => ({
  headers: async () =>
    new Headers({
      'x-forwarded-for': mockAddressStore.getStore() ?? mockCallerAddress(),
    }),
}));

// The catalogue as read, real unless a test hands out an old copy of it.
jest.mock('@/lib/catalogue/repository', () => {
  const actual = jest.requireActual<typeof import('@/lib/catalogue/repository')>(
    '@/lib/catalogue/repository',
  );
  return { ...actual, catalogueSnapshot: jest.fn(actual.catalogueSnapshot) };
});

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';

let db: Firestore;
let orders: typeof import('./place-order');
let paying: typeof import('./order-payment');
let myOrder: typeof import('./my-order');
let repository: typeof import('./repository/reads') & typeof import('./repository/panel');

const ana = shopper('ana');
const bia = shopper('bia');

/** Runs `fn` while Auth or Firestore cannot answer (readSession throws). */
function whileSessionUnavailable<T>(fn: () => Promise<T>): Promise<T> {
  return as('unavailable', fn);
}

let sequence = 0;
function nextOrderId(prefix = 'ORD'): string {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(8, '0')}`;
}

function input(overrides: Record<string, unknown> = {}) {
  return checkoutInput(nextOrderId(), overrides);
}

const ADDRESS = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310100',
  neighborhood: 'Bela Vista',
  state: 'SP',
};

async function stock(key: string): Promise<unknown> {
  return (await db.doc(`${ROOT}/inventory/${key}`).get()).get('stock');
}

async function setStock(key: string, value: number) {
  await db.doc(`${ROOT}/inventory/${key}`).set({ stock: value });
  await untilStockSeen(key, value);
}

async function orderCount(): Promise<number> {
  return (await db.collection(`${ROOT}/orders`).get()).size;
}

async function inventorySnapshot(): Promise<Record<string, unknown>> {
  const snapshot = await db.collection(`${ROOT}/inventory`).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

// Generous only for a loaded machine: the stack normally starts in a few seconds.
const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  orders = await import('./place-order');
  paying = await import('./order-payment');
  myOrder = await import('./my-order');
  repository = { ...(await import('./repository/reads')), ...(await import('./repository/panel')) };
});

// Every test starts with full rate-limit buckets (lib/rate-limit keeps them per process).
beforeEach(async () => (await import('@/lib/rate-limit')).resetRateLimiters());
// Each test starts with no open orders: the cap of three open orders per account
// (lib/orders/expiry.ts, tested in expiry.test.ts) is not what these tests are about.
afterEach(async () => {
  const open = await db.collection(`${ROOT}/orders`).where('status.confirmed', '==', false).get();
  await Promise.all(
    open.docs.map((doc) => doc.ref.update({ 'status.confirmed': true, statusKey: 'confirmed' })),
  );
});

describe('placeOrder', () => {
  it('writes the order priced from the catalogue and takes the stock', async () => {
    await setStock('ovo-pistache', 10);
    await setStock('mini-ovo', 10);
    const request = input({
      lines: [
        { key: 'ovo-pistache', quantity: 2, variant: 'default' },
        { key: 'mini-ovo', quantity: 3 },
      ],
      shippingOption: 'Entrega',
      address: ADDRESS,
      cpf: '529.982.247-25',
      locale: 'en',
      giftMessage: '  Feliz Páscoa, Ana!\nCom carinho  ',
    });

    const result = await as(ana, () => orders.placeOrder(request));

    expect(result).toEqual({ ok: true, orderId: request.orderId, payment: { mode: 'manual' } });
    const stored = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();
    expect(stored).toMatchObject({
      orderID: request.orderId,
      clientRef: ana.uid,
      orderItems: [
        { key: 'ovo-pistache', translatedTitle: 'Pistachio Egg', quantity: 2, value: 19300 },
        { key: 'mini-ovo', translatedTitle: 'Mini Egg', quantity: 3, value: 3500 },
      ],
      status: {
        confirmed: false,
        waitingPayment: false,
        inProduction: false,
        waitingForRetrieval: false,
        waitingForDelivery: false,
        delivered: false,
        cancelled: false,
      },
      shippingOption: 'Entrega',
      total: 2 * 19300 + 3 * 3500,
      locale: 'en',
      address: { ...ADDRESS, postalCode: '01310-100' },
      telephone: '11912345678',
      cpf: '529.982.247-25',
      giftMessage: 'Feliz Páscoa, Ana!\nCom carinho',
      customer: { name: ana.name, email: ana.email },
      // The panel's search keys (lib/orders/repository/panel.ts searchOrders).
      customerEmailLower: 'ana@example.com',
      customerNameKey: 'shopper ana',
      payment: { provider: 'manual', status: 'not-required', preferenceId: null, paymentId: null },
      stockReturned: false,
      audit: [],
    });
    expect(stored?.orderDate).toBeInstanceOf(Timestamp);
    expect(await stock('ovo-pistache')).toBe(8);
    expect(await stock('mini-ovo')).toBe(7);

    const placed = await repository.getOrderForViewer(request.orderId, {
      uid: ana.uid,
      isAdmin: false,
    });
    expect(placed).toMatchObject({ orderId: request.orderId, total: 49100, locale: 'en' });
    // The shopper's own view holds the address, never the CPF nor the gift card's message.
    expect(placed?.address).toEqual({ ...ADDRESS, postalCode: '01310-100' });
    expect(placed).not.toHaveProperty('giftMessage');
    expect(placed).not.toHaveProperty('cpf');
    // The panel's view holds all of it.
    const panel = await repository.listPanelOrders(parseOrderFilters({ q: request.orderId }));
    expect(panel.items).toEqual([
      expect.objectContaining({
        orderId: request.orderId,
        cpf: '529.982.247-25',
        telephone: '11912345678',
        giftMessage: 'Feliz Páscoa, Ana!\nCom carinho',
        address: { ...ADDRESS, postalCode: '01310-100' },
      }),
    ]);
    expect(placed?.payment).toEqual({
      provider: 'manual',
      status: 'not-required',
      preferenceId: null,
      initPoint: null,
      paymentId: null,
    });
    // Placing starts the status history, timed.
    expect(placed?.statusHistory).toEqual([
      { status: 'awaitingApproval', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(
      await repository.getOrderForViewer(request.orderId, { uid: bia.uid, isAdmin: false }),
    ).toBeNull();
    // An admin sees anyone's order.
    expect(
      await repository.getOrderForViewer(request.orderId, { uid: bia.uid, isAdmin: true }),
    ).toMatchObject({ orderId: request.orderId });
    expect(await as(bia, () => myOrder.getMyPlacedOrder(request.orderId))).toEqual({
      signedIn: true,
      order: null,
    });
    expect(await as(ana, () => myOrder.getMyPlacedOrder(request.orderId))).toMatchObject({
      signedIn: true,
      order: { orderId: request.orderId },
    });
    // Signed out: the page offers the sign-in; a session that cannot be checked is no 'signed out'.
    expect(await as(null, () => myOrder.getMyPlacedOrder(request.orderId))).toEqual({
      signedIn: false,
    });
    await expect(
      whileSessionUnavailable(() => myOrder.getMyPlacedOrder(request.orderId)),
    ).rejects.toThrow('Auth is down');
  });

  it('reads an order stored before bairro, UF, CPF and the gift message existed', async () => {
    const older = nextOrderId('OLD');
    const { neighborhood, state, ...olderAddress } = ADDRESS;
    void neighborhood;
    void state;
    await db.doc(`${ROOT}/orders/${older}`).set({
      orderID: older,
      orderDate: Timestamp.now(),
      clientRef: ana.uid,
      orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 3500 }],
      status: { confirmed: true },
      shippingOption: 'Entrega',
      total: 35,
      locale: 'pt-BR',
      address: olderAddress,
      telephone: '11912345678',
    });
    const read = await repository.getOrder(older);
    expect(read?.address).toEqual(olderAddress);
    expect(read?.address).not.toHaveProperty('state');
    expect(read).toMatchObject({ cpf: null, giftMessage: '' });
  });

  it('uses the title in the order locale and stores no address for pick-up', async () => {
    const request = input({ address: ADDRESS, lines: [{ key: 'mini-ovo', quantity: 1 }] });
    expect((await as(ana, () => orders.placeOrder(request))).ok).toBe(true);
    const stored = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();
    expect(stored?.orderItems[0].translatedTitle).toBe('Mini Ovo');
    expect(stored?.address).toBeNull();
    expect(stored?.cpf).toBeNull();
  });

  it("charges the catalogue's price after another instance's edit, and refuses an archived product", async () => {
    await setStock('ovo-tropical-minas', 10);
    const product = db.doc(`${ROOT}/products/ovo-tropical-minas`);
    const revision = db.doc(`${ROOT}/settings/catalogue`);
    const priced = async () => {
      const request = input({ lines: [{ key: 'ovo-tropical-minas', quantity: 1 }] });
      expect((await as(ana, () => orders.placeOrder(request))).ok).toBe(true);
      const stored = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();
      return stored?.orderItems[0].value;
    };
    try {
      expect(await priced()).toBe(9000);
      // An edit from another instance (the product and the revision, in one transaction).
      await db.runTransaction(async (transaction) => {
        transaction.update(product, { price: 14590 });
        transaction.set(revision, { revision: FieldValue.increment(1) }, { merge: true });
      });
      expect(await priced()).toBe(14590);
      // Archived meanwhile: no longer sold.
      await db.runTransaction(async (transaction) => {
        transaction.update(product, { archived: true });
        transaction.set(revision, { revision: FieldValue.increment(1) }, { merge: true });
      });
      const refused = await as(ana, () =>
        orders.placeOrder(input({ lines: [{ key: 'ovo-tropical-minas', quantity: 1 }] })),
      );
      expect(refused).toMatchObject({ ok: false });
      expect(refused.ok ? '' : refused.error).toMatch(/^(unavailable|invalid)$/);
    } finally {
      await db.runTransaction(async (transaction) => {
        transaction.update(product, { price: 9000, archived: false });
        transaction.set(revision, { revision: FieldValue.increment(1) }, { merge: true });
      });
    }
  });

  it('prices again when the catalogue moved between the pricing and the transaction', async () => {
    await setStock('ovo-tropical-amazonas', 10);
    const catalogue = await import('@/lib/catalogue/repository');
    const snapshot = jest.mocked(catalogue.catalogueSnapshot);
    const real = jest.requireActual<typeof catalogue>('@/lib/catalogue/repository');
    // This process's copy is one revision old, with an old price: only a fresh read is current.
    snapshot.mockImplementation(async (options = {}) => {
      const current = await real.catalogueSnapshot(options);
      if (options.fresh) return current;
      return {
        revision: current.revision - 1,
        records: current.records.map((record) =>
          record.key === 'ovo-tropical-amazonas' ? { ...record, price: 100 } : record,
        ),
      };
    });
    try {
      const request = input({ lines: [{ key: 'ovo-tropical-amazonas', quantity: 1 }] });
      expect((await as(ana, () => orders.placeOrder(request))).ok).toBe(true);
      const stored = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();
      expect(stored?.orderItems[0].value).toBe(9000);
      expect(snapshot).toHaveBeenCalledWith({ fresh: true });
    } finally {
      snapshot.mockImplementation(real.catalogueSnapshot);
    }
  });

  it('is idempotent: the same order id twice is one order and one stock decrement', async () => {
    await setStock('ovo-tropical-rio', 10);
    const request = input({ lines: [{ key: 'ovo-tropical-rio', quantity: 4 }] });
    const before = await orderCount();

    const first = await as(ana, () => orders.placeOrder(request));
    const second = await as(ana, () => orders.placeOrder(request));
    // A double click: both at once.
    const again = input({ lines: [{ key: 'ovo-tropical-rio', quantity: 1 }] });
    const both = await Promise.all([
      as(ana, () => orders.placeOrder(again)),
      as(ana, () => orders.placeOrder(again)),
    ]);

    expect(first).toEqual({ ok: true, orderId: request.orderId, payment: { mode: 'manual' } });
    expect(second).toEqual(first);
    expect(both.map((result) => result.ok)).toEqual([true, true]);
    expect(await orderCount()).toBe(before + 2);
    expect(await stock('ovo-tropical-rio')).toBe(5);
  });

  it('refuses an order id that belongs to someone else, changing nothing', async () => {
    const request = input({ lines: [{ key: 'mini-ovo', quantity: 1 }] });
    expect((await as(ana, () => orders.placeOrder(request))).ok).toBe(true);
    const inventory = await inventorySnapshot();
    const before = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();

    const result = await as(bia, () => orders.placeOrder({ ...request, locale: 'en' }));

    expect(result).toMatchObject({ ok: false, error: 'invalid' });
    expect((await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data()).toEqual(before);
    expect(await inventorySnapshot()).toEqual(inventory);
  });

  it('reports every line short of stock, with titles and units left, and writes nothing', async () => {
    await setStock('ovo-pistache', 10);
    await setStock('barra-tropical-rio', 2);
    await setStock('barra-tropical-minas', 0);
    const inventory = await inventorySnapshot();
    const before = await orderCount();

    const result = await as(ana, () =>
      orders.placeOrder(
        input({
          locale: 'en',
          lines: [
            { key: 'ovo-pistache', quantity: 1 },
            { key: 'barra-tropical-rio', quantity: 3 },
            { key: 'barra-tropical-minas', quantity: 1 },
          ],
        }),
      ),
    );

    expect(result).toEqual({
      ok: false,
      error: 'out-of-stock',
      details: [
        { key: 'barra-tropical-rio', title: 'Tropical Rio Bar', available: 2 },
        { key: 'barra-tropical-minas', title: 'Tropical Minas Bar', available: 0 },
      ],
    });
    expect(await orderCount()).toBe(before);
    expect(await inventorySnapshot()).toEqual(inventory);
  });

  it('treats a missing inventory document as no stock', async () => {
    await db.doc(`${ROOT}/inventory/barra-tropical-sampa`).delete();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await as(ana, () =>
      orders.placeOrder(input({ lines: [{ key: 'barra-tropical-sampa', quantity: 1 }] })),
    );
    warn.mockRestore();
    expect(result).toMatchObject({ ok: false, error: 'out-of-stock' });
    expect(await stock('barra-tropical-sampa')).toBeUndefined();
    await setStock('barra-tropical-sampa', 10);
  });

  it('honours availableForSale: false on the inventory document', async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 10, availableForSale: false });
    const before = await orderCount();
    const result = await as(ana, () => orders.placeOrder(input()));
    expect(result).toEqual({
      ok: false,
      error: 'unavailable',
      details: [{ key: 'ovo-pistache', title: 'Ovo Pistache', available: 0 }],
    });
    expect(await orderCount()).toBe(before);
    expect(await stock('ovo-pistache')).toBe(10);
    await setStock('ovo-pistache', 10);
  });

  it("refuses a product hidden from the shop ('Na vitrine' off) like one not for sale", async () => {
    await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 10, showInStore: false });
    const before = await orderCount();
    const result = await as(ana, () => orders.placeOrder(input()));
    expect(result).toEqual({
      ok: false,
      error: 'unavailable',
      details: [{ key: 'ovo-pistache', title: 'Ovo Pistache', available: 0 }],
    });
    expect(await orderCount()).toBe(before);
    expect(await stock('ovo-pistache')).toBe(10);
    await setStock('ovo-pistache', 10);
  });

  it('never oversells: 50 concurrent orders for 10 units give 10 orders and 40 refusals', async () => {
    const key = 'barra-tropical-bahia';
    await setStock(key, 10);
    const before = await orderCount();
    const requests = Array.from({ length: 50 }, (_, index) => ({
      user: shopper(`crowd-${index}`),
      body: input({ orderId: nextOrderId('CROWD'), lines: [{ key, quantity: 1 }] }),
    }));

    const started = Date.now();
    const results = await Promise.all(
      requests.map(({ user, body }) => as(user, () => orders.placeOrder(body))),
    );
    const elapsed = Date.now() - started;

    const placed = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused) {
      expect(result).toEqual({
        ok: false,
        error: 'out-of-stock',
        details: [{ key, title: 'Barra Tropical Bahia', available: 0 }],
      });
    }
    expect(await stock(key)).toBe(0);
    expect(await orderCount()).toBe(before + 10);
    // Each written order is one of the ten that were told yes.
    const placedIds = new Set(placed.map((result) => (result.ok ? result.orderId : '')));
    for (const { body } of requests) {
      const exists = (await db.doc(`${ROOT}/orders/${body.orderId}`).get()).exists;
      expect(exists).toBe(placedIds.has(body.orderId));
    }
    console.log(`50 concurrent placeOrder calls took ${elapsed} ms`);
  });
});

describe('fair stock: what one account may hold in open orders', () => {
  it('refuses 17 products x 10 at once with 409 hold-limit naming each limit, writing nothing', async () => {
    const { seedProducts: products } = await import('@/lib/catalogue/seed');
    for (const product of products) await setStock(product.key, 10);
    const before = await orderCount();
    const inventory = await inventorySnapshot();
    const greedy = shopper('greedy');
    const body = input({ lines: products.map(({ key }) => ({ key, quantity: 10 })), locale: 'en' });

    const result = await as(greedy, () => orders.placeOrder(body));

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('hold-limit');
    const perProduct = result.holdLimits?.filter((limit) => limit.limit === 'perProduct') ?? [];
    expect(perProduct).toHaveLength(products.length);
    expect(perProduct[0]).toEqual({
      limit: 'perProduct',
      key: products[0]!.key,
      title: products[0]!.title.en,
      max: 5,
      requested: 10,
      held: 0,
    });
    expect(result.holdLimits).toContainEqual({
      limit: 'total',
      max: 20,
      requested: products.length * 10,
      held: 0,
    });
    expect(await orderCount()).toBe(before);
    expect(await inventorySnapshot()).toEqual(inventory);
  });

  it("counts the account's open orders: 3 then 3 of one product is refused, 2 more fits", async () => {
    await setStock('mini-ovo', 10);
    const carla = shopper('carla-fair');
    const first = input({ lines: [{ key: 'mini-ovo', quantity: 3 }] });
    expect(await as(carla, () => orders.placeOrder(first))).toMatchObject({ ok: true });

    const over = input({ lines: [{ key: 'mini-ovo', quantity: 3 }] });
    expect(await as(carla, () => orders.placeOrder(over))).toEqual({
      ok: false,
      error: 'hold-limit',
      holdLimits: [
        {
          limit: 'perProduct',
          key: 'mini-ovo',
          title: 'Mini Ovo',
          max: 5,
          requested: 3,
          held: 3,
        },
      ],
    });
    expect((await db.doc(`${ROOT}/orders/${over.orderId}`).get()).exists).toBe(false);
    expect(await stock('mini-ovo')).toBe(7);

    const fits = input({ lines: [{ key: 'mini-ovo', quantity: 2 }] });
    expect(await as(carla, () => orders.placeOrder(fits))).toMatchObject({ ok: true });
    // Another account has limits of its own.
    const other = input({ lines: [{ key: 'mini-ovo', quantity: 5 }] });
    expect(await as(shopper('dora-fair'), () => orders.placeOrder(other))).toMatchObject({
      ok: true,
    });
    expect(await stock('mini-ovo')).toBe(0);
  });

  it('limits the units across open orders in all, and frees them once an order is confirmed', async () => {
    const keys = ['ovo-pistache', 'ovo-tropical-rio', 'barra-tropical-rio', 'barra-tropical-minas'];
    for (const key of keys) await setStock(key, 10);
    const edu = shopper('edu-fair');
    const twenty = input({ lines: keys.map((key) => ({ key, quantity: 5 })) });
    expect(await as(edu, () => orders.placeOrder(twenty))).toMatchObject({ ok: true });

    await setStock('mini-ovo', 10);
    const oneMore = input({ lines: [{ key: 'mini-ovo', quantity: 1 }] });
    expect(await as(edu, () => orders.placeOrder(oneMore))).toEqual({
      ok: false,
      error: 'hold-limit',
      holdLimits: [{ limit: 'total', max: 20, requested: 1, held: 20 }],
    });

    // Confirmed by the shop (or paid), an order no longer counts toward the limits.
    await db
      .doc(`${ROOT}/orders/${twenty.orderId}`)
      .update({ 'status.confirmed': true, statusKey: 'confirmed' });
    expect(await as(edu, () => orders.placeOrder(oneMore))).toMatchObject({ ok: true });
  });

  it('refuses a sold-out product from what the shop knows, before the session and with no transaction, and still replays a placed order', async () => {
    await setStock('barra-tropical-sampa', 1);
    const last = input({ lines: [{ key: 'barra-tropical-sampa', quantity: 1 }] });
    expect(await as(ana, () => orders.placeOrder(last))).toMatchObject({ ok: true });
    expect(await stock('barra-tropical-sampa')).toBe(0);

    const env = process.env as Record<string, string | undefined>;
    const nodeEnv = env.NODE_ENV;
    env.NODE_ENV = 'production';
    env.ALLOW_EMULATORS_IN_PRODUCTION = '1';
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    try {
      const late = input({ lines: [{ key: 'barra-tropical-sampa', quantity: 1 }] });
      expect(await as(bia, () => orders.placeOrder(late))).toMatchObject({
        ok: false,
        error: 'out-of-stock',
      });
      // Before the session: refused as sold out even while the session cannot be checked.
      expect(
        await whileSessionUnavailable(() =>
          orders.placeOrder(input({ lines: [{ key: 'barra-tropical-sampa', quantity: 1 }] })),
        ),
      ).toMatchObject({ ok: false, error: 'out-of-stock' });
      // The same order id again (a shopper's second press) is the placed order, not 'sold out'.
      expect(await as(ana, () => orders.placeOrder(last))).toMatchObject({
        ok: true,
        orderId: last.orderId,
      });
      const refusal = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(refusal).toContainEqual(
        expect.objectContaining({ event: 'order.refused', reason: 'out-of-stock', attempts: 0 }),
      );
    } finally {
      spy.mockRestore();
      env.NODE_ENV = nodeEnv;
      delete env.ALLOW_EMULATORS_IN_PRODUCTION;
    }
    expect(await stock('barra-tropical-sampa')).toBe(0);
  });
});

describe('an order paid by hand holds its stock for ORDER_HOLD_HOURS', () => {
  it('is cancelled with its stock returned once the hold has passed (fake clock), unless confirmed', async () => {
    const expiry = await import('./expiry');
    await setStock('ovo-cookies-com-nutella', 10);
    const fay = shopper('fay-hold');
    const placedAt = Date.now();
    const held = input({ lines: [{ key: 'ovo-cookies-com-nutella', quantity: 2 }] });
    const confirmed = input({ lines: [{ key: 'ovo-cookies-com-nutella', quantity: 1 }] });
    expect(await as(fay, () => orders.placeOrder(held))).toMatchObject({ ok: true });
    expect(await as(fay, () => orders.placeOrder(confirmed))).toMatchObject({ ok: true });
    await db
      .doc(`${ROOT}/orders/${confirmed.orderId}`)
      .update({ 'status.confirmed': true, statusKey: 'confirmed' });
    expect(await stock('ovo-cookies-com-nutella')).toBe(7);

    const stored = await db.doc(`${ROOT}/orders/${held.orderId}`).get();
    const expiresAt = (stored.get('expiresAt') as Timestamp).toMillis();
    const DAY = 24 * 3_600_000;
    expect(expiresAt).toBeGreaterThanOrEqual(placedAt + DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY);

    // One minute before the hold ends nothing happens; one minute after, it is cancelled.
    expect(await expiry.expireDueOrders(new Date(expiresAt - 60_000))).not.toContain(held.orderId);
    expect(await stock('ovo-cookies-com-nutella')).toBe(7);
    expect(await expiry.expireDueOrders(new Date(expiresAt + 60_000))).toContain(held.orderId);
    const after = await db.doc(`${ROOT}/orders/${held.orderId}`).get();
    expect(after.get('status.cancelled')).toBe(true);
    expect(after.get('stockReturned')).toBe(true);
    expect(await stock('ovo-cookies-com-nutella')).toBe(9);
    const stillConfirmed = await db.doc(`${ROOT}/orders/${confirmed.orderId}`).get();
    expect(stillConfirmed.get('status.cancelled')).toBe(false);
    // A second run returns nothing twice.
    expect(await expiry.expireDueOrders(new Date(expiresAt + 120_000))).not.toContain(held.orderId);
    expect(await stock('ovo-cookies-com-nutella')).toBe(9);
  });
});

describe("placeOrder with 'Salvar este endereço no meu perfil'", () => {
  const PLACEHOLDERS = {
    street: 'No street',
    number: 'No number',
    extra: 'No complement',
    city: 'No city',
    postalCode: 'No postal code',
  };
  let newcomer: PublicUser;
  const userDoc = () => db.doc(`${ROOT}/users/${newcomer.uid}`);

  beforeEach(async () => {
    // A new email account, as lib/users/repository.ts stores it.
    newcomer = { ...shopper(`new-${nextOrderId('U')}`), name: 'No name' };
    await userDoc().set({
      authUID: newcomer.uid,
      email: newcomer.email,
      name: 'No name',
      address: PLACEHOLDERS,
    });
    await setStock('mini-ovo', 50);
  });

  it('saves the delivery address and the telephone with the order, nothing else', async () => {
    const request = input({
      lines: [{ key: 'mini-ovo', quantity: 1 }],
      shippingOption: 'Entrega',
      address: { ...ADDRESS, extra: '' },
      saveToProfile: true,
    });
    expect(await as(newcomer, () => orders.placeOrder(request))).toMatchObject({ ok: true });
    expect((await userDoc().get()).data()).toEqual({
      authUID: newcomer.uid,
      email: newcomer.email,
      name: 'No name',
      telephone: '+55 11 91234-5678',
      address: { ...ADDRESS, extra: '', postalCode: '01310-100' },
      // The live order poll's change counter (lib/orders/repository/markers.ts, markOrderChanged).
      ordersVersion: 1,
    });
    // The placeholder name is no customer name.
    const stored = (await db.doc(`${ROOT}/orders/${request.orderId}`).get()).data();
    expect(stored?.customer).toEqual({ name: '', email: newcomer.email });
  });

  it('saves only the telephone for a pick-up', async () => {
    const request = input({ lines: [{ key: 'mini-ovo', quantity: 1 }], saveToProfile: true });
    expect(await as(newcomer, () => orders.placeOrder(request))).toMatchObject({ ok: true });
    expect((await userDoc().get()).data()).toMatchObject({
      telephone: '+55 11 91234-5678',
      address: PLACEHOLDERS,
    });
  });

  it('leaves the profile alone when not asked, or when the order is refused', async () => {
    const before = (await userDoc().get()).data();
    const delivery = { shippingOption: 'Entrega', address: ADDRESS };
    const unasked = input({ ...delivery, lines: [{ key: 'mini-ovo', quantity: 1 }] });
    expect(await as(newcomer, () => orders.placeOrder(unasked))).toMatchObject({ ok: true });
    await setStock('mini-ovo', 0);
    const refused = input({
      ...delivery,
      lines: [{ key: 'mini-ovo', quantity: 1 }],
      saveToProfile: true,
    });
    expect(await as(newcomer, () => orders.placeOrder(refused))).toMatchObject({
      ok: false,
      error: 'out-of-stock',
    });
    // Only the order's change counter moved, once (the refused order wrote nothing).
    expect((await userDoc().get()).data()).toEqual({ ...before, ordersVersion: 1 });
  });
});

describe('placeOrder under load and faults', () => {
  it('answers the 6th order in a minute from one account with rate-limited, writing nothing', async () => {
    await setStock('ovo-pistache', 100);
    const cleo = shopper('cleo');
    for (let n = 1; n <= 5; n++) {
      const placed = await as(cleo, () => orders.placeOrder(input()));
      expect(placed).toMatchObject({ ok: true });
      // Confirmed at once: the cap of three open orders per account (expiry.test.ts) would
      // otherwise refuse the 4th, and the rate limit is what this test is about.
      await db
        .collection(`${ROOT}/orders`)
        .doc((placed as { orderId: string }).orderId)
        .update({ 'status.confirmed': true, statusKey: 'confirmed' });
    }
    const before = await orderCount();
    const stockBefore = await stock('ovo-pistache');
    const sixth = await as(cleo, () => orders.placeOrder(input()));
    expect(sixth).toMatchObject({ ok: false, error: 'rate-limited' });
    const retryAfter = (sixth as { retryAfterSeconds?: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(await orderCount()).toBe(before);
    expect(await stock('ovo-pistache')).toBe(stockBefore);
  });

  it('answers a shopper sending a placed order again with that order, even past the order limit', async () => {
    await setStock('ovo-pistache', 100);
    const { setRateLimitClock } = await import('@/lib/rate-limit');
    const frozen = Date.now();
    setRateLimitClock(() => frozen);
    const dani = shopper('dani-replay');
    const placed: string[] = [];
    try {
      for (let n = 0; n < 5; n++) {
        const body = input();
        expect(await as(dani, () => orders.placeOrder(body))).toMatchObject({ ok: true });
        placed.push(body.orderId);
        await db
          .doc(`${ROOT}/orders/${body.orderId}`)
          .update({ 'status.confirmed': true, statusKey: 'confirmed' });
      }
      // The limit is spent: a new order is refused, the first one sent again is answered.
      expect(await as(dani, () => orders.placeOrder(input()))).toMatchObject({
        ok: false,
        error: 'rate-limited',
      });
      expect(await as(dani, () => orders.placeOrder(input({ orderId: placed[0] })))).toMatchObject({
        ok: true,
        orderId: placed[0],
      });
      // Someone else's order id is not answered that way.
      expect(
        await as(shopper('eve-replay'), async () => {
          for (let n = 0; n < 5; n++) await orders.placeOrder(input());
          return orders.placeOrder(input({ orderId: placed[1] }));
        }),
      ).toMatchObject({ ok: false, error: 'rate-limited' });
    } finally {
      setRateLimitClock(Date.now);
    }
  });

  it('limits one address to 20 orders a minute across accounts', async () => {
    await setStock('ovo-pistache', 100);
    // A fake clock: 21 orders take seconds on a loaded machine, and no token may come back.
    const { setRateLimitClock } = await import('@/lib/rate-limit');
    const frozen = Date.now();
    setRateLimitClock(() => frozen);
    const results = [];
    try {
      for (let n = 0; n < 21; n++) {
        results.push(
          await mockAddressStore.run('203.0.113.77', () =>
            as(shopper(`office-${n}`), () => orders.placeOrder(input())),
          ),
        );
      }
    } finally {
      setRateLimitClock(Date.now);
    }
    expect(results.slice(0, 20).every((result) => result.ok)).toBe(true);
    expect(results[20]).toMatchObject({ ok: false, error: 'rate-limited' });
  });

  it('says temporarily-unavailable, writing nothing, when the session cannot be checked', async () => {
    const before = await orderCount();
    const result = await whileSessionUnavailable(() => orders.placeOrder(input()));
    expect(result).toEqual({ ok: false, error: 'temporarily-unavailable' });
    expect(await orderCount()).toBe(before);
  });
});

describe('placeOrder refuses hostile input', () => {
  const big = 'x'.repeat(100 * 1024);
  const valid = () => input({ shippingOption: 'Entrega', address: { ...ADDRESS } });
  const withLine = (line: Record<string, unknown>) =>
    input({ lines: [{ key: 'ovo-pistache', quantity: 1, ...line }] });
  const quantity = (value: unknown) => input({ lines: [{ key: 'ovo-pistache', quantity: value }] });
  const allKeys = [
    'ovo-caramelo-com-amendoim',
    'ovo-pistache',
    'ovo-cookies-com-nutella',
    'ovo-tropical-maravilha',
    'ovo-tropical-minas',
    'ovo-tropical-amazonas',
    'ovo-tropical-parana-amazonas',
    'ovo-tropical-parana',
    'ovo-tropical-rio',
    'ovo-tropical-sampa',
    'mini-ovo',
    'barra-tropical-amazonas',
    'barra-tropical-rio',
    'barra-tropical-minas',
    'barra-tropical-sampa',
    'barra-tropical-bahia',
    'barra-tropical-parana',
  ];
  let deep: unknown = 'x';
  for (let i = 0; i < 30; i += 1) deep = { a: deep };

  const cases: [string, () => unknown][] = [
    ['undefined', () => undefined],
    ['null', () => null],
    ['a string', () => 'order please'],
    ['a number', () => 42],
    ['an array', () => [valid()]],
    ['an empty object', () => ({})],
    ['a Date', () => new Date()],
    ['a Map', () => new Map(Object.entries(valid()))],
    ['a forged total', () => ({ ...valid(), total: 1 })],
    ['a forged price', () => ({ ...valid(), price: 1 })],
    ['a forged uid', () => ({ ...valid(), uid: bia.uid })],
    ['a forged clientRef', () => ({ ...valid(), clientRef: bia.uid })],
    ['saveToProfile that is not a boolean', () => ({ ...valid(), saveToProfile: 'yes' })],
    ['a forged status', () => ({ ...valid(), status: { confirmed: true } })],
    ['a forged payment', () => ({ ...valid(), payment: { status: 'approved' } })],
    ['a forged line price', () => withLine({ price: 1 })],
    ['a forged line value', () => withLine({ value: 1 })],
    ['a forged line title', () => withLine({ translatedTitle: 'Free egg' })],
    ['an unknown address key', () => ({ ...valid(), address: { ...ADDRESS, isAdmin: true } })],
    ['__proto__ at the root', () => JSON.parse(`{"__proto__":{"x":1},"orderId":"PROTO0001"}`)],
    [
      '__proto__ in a line',
      () => ({
        ...valid(),
        lines: [JSON.parse('{"key":"ovo-pistache","quantity":1,"__proto__":{}}')],
      }),
    ],
    ['a constructor key', () => ({ ...valid(), constructor: { prototype: { admin: true } } })],
    ['quantity 0', () => quantity(0)],
    ['quantity -1', () => quantity(-1)],
    ['quantity 1.5', () => quantity(1.5)],
    ['quantity 11', () => quantity(11)],
    ['quantity 1e9', () => quantity(1e9)],
    ["quantity '1'", () => quantity('1')],
    ['quantity NaN', () => quantity(NaN)],
    ['quantity Infinity', () => quantity(Infinity)],
    ['an unknown product', () => withLine({ key: 'ovo-de-ouro' })],
    ['a product key of the wrong type', () => withLine({ key: 7 })],
    ['an unknown variant', () => withLine({ variant: 'gold' })],
    [
      '21 lines',
      () =>
        input({
          lines: [...allKeys, 'a', 'b', 'c', 'd'].map((key) => ({ key, quantity: 1 })),
        }),
    ],
    [
      'a duplicate product',
      () =>
        input({
          lines: [
            { key: 'mini-ovo', quantity: 5 },
            { key: 'mini-ovo', quantity: 5 },
          ],
        }),
    ],
    ['no lines', () => input({ lines: [] })],
    ['lines as an object', () => input({ lines: { key: 'mini-ovo', quantity: 1 } })],
    ['a 100 KB street', () => ({ ...valid(), address: { ...ADDRESS, street: big } })],
    ['a 100 KB order id', () => input({ orderId: big })],
    ['a 100 KB telephone', () => input({ telephone: big })],
    ['a bad CEP', () => ({ ...valid(), address: { ...ADDRESS, postalCode: '1234-567' } })],
    ['a UF not among the 27', () => ({ ...valid(), address: { ...ADDRESS, state: 'XX' } })],
    ['an address without a UF', () => ({ ...valid(), address: { ...ADDRESS, state: undefined } })],
    ['an empty bairro', () => ({ ...valid(), address: { ...ADDRESS, neighborhood: ' ' } })],
    ['a 201-character gift message', () => ({ ...valid(), giftMessage: 'm'.repeat(201) })],
    ['a gift message as an object', () => ({ ...valid(), giftMessage: { text: 'oi' } })],
    ['a bad CPF check digit', () => input({ cpf: '529.982.247-24' })],
    ['a repeated-digit CPF', () => input({ cpf: '000.000.000-00' })],
    ['a bad phone', () => input({ telephone: '12345' })],
    ['a phone as a number', () => input({ telephone: 11912345678 })],
    ['an unknown shipping option', () => input({ shippingOption: 'Drone' })],
    ['delivery without an address', () => input({ shippingOption: 'Entrega' })],
    ['an address as an array', () => ({ ...valid(), address: Object.values(ADDRESS) })],
    ['an unknown locale', () => input({ locale: 'fr' })],
    ['a short order id', () => input({ orderId: 'abc' })],
    ['a path in the order id', () => input({ orderId: 'aaaa/../../users/seed-admin' })],
    ['a reserved order id', () => input({ orderId: '__proto__' })],
    ['a missing order id', () => ({ ...input(), orderId: undefined })],
    ['deep nesting', () => ({ ...valid(), address: deep })],
  ];

  it(`refuses ${cases.length} hostile inputs without writing or throwing`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    await setStock('ovo-pistache', 10);
    await setStock('mini-ovo', 10);
    const before = await orderCount();
    const inventory = await inventorySnapshot();

    for (const [name, make] of cases) {
      const result = await as(ana, () => orders.placeOrder(make()));
      expect({ name, result }).toMatchObject({ name, result: { ok: false, error: 'invalid' } });
    }

    expect(await orderCount()).toBe(before);
    expect(await inventorySnapshot()).toEqual(inventory);
    expect(Object.prototype).not.toHaveProperty('x');
    expect(Object.prototype).not.toHaveProperty('admin');
    // The control: the shape the cases start from is accepted.
    expect(await as(ana, () => orders.placeOrder(valid()))).toMatchObject({ ok: true });
  });

  it('refuses a caller without a session, and an unknown or foreign order for payment', async () => {
    const before = await orderCount();
    expect(await as(null, () => orders.placeOrder(valid()))).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await as(null, () => paying.retryOrderPayment('SEEDXXXX01'))).toMatchObject({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await as(ana, () => paying.retryOrderPayment('seed-order-1'))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await as(ana, () => paying.retryOrderPayment({ orderId: 'x' }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await orderCount()).toBe(before);
  });

  it('answers payment-unavailable for a retry while Mercado Pago is not configured', async () => {
    const request = input({ lines: [{ key: 'mini-ovo', quantity: 1 }] });
    expect((await as(ana, () => orders.placeOrder(request))).ok).toBe(true);
    expect(await as(ana, () => paying.retryOrderPayment(request.orderId))).toEqual({
      ok: false,
      error: 'payment-unavailable',
    });
  });
});

describe('without Mercado Pago', () => {
  it('the webhook route answers 404', async () => {
    const route = await import('@/app/api/mercadopago/webhook/route');
    const response = await route.POST(
      new Request('http://localhost:3000/api/mercadopago/webhook?data.id=1&type=payment', {
        method: 'POST',
        headers: { 'x-signature': `ts=1,v1=${'0'.repeat(64)}` },
        body: '{"type":"payment","data":{"id":"1"}}',
      }),
    );
    expect(response.status).toBe(404);
  });
});

describe('the log of placing an order', () => {
  const env = process.env as Record<string, string | undefined>;
  const nodeEnv = env.NODE_ENV;
  // A production build on the emulators, as the local `npm start` runs it.
  beforeEach(() => {
    env.ALLOW_EMULATORS_IN_PRODUCTION = '1';
  });
  afterEach(() => {
    env.NODE_ENV = nodeEnv;
    delete env.ALLOW_EMULATORS_IN_PRODUCTION;
    jest.restoreAllMocks();
  });

  function captureLines() {
    const lines: string[] = [];
    for (const method of ['log', 'warn', 'error'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
    return lines;
  }

  it('with NODE_ENV=production, one JSON line per order placed: request id, uid, order id, duration; no personal data', async () => {
    await setStock('ovo-pistache', 10);
    env.NODE_ENV = 'production';
    const lines = captureLines();
    const body = input({
      shippingOption: 'Entrega',
      address: { ...ADDRESS },
      cpf: '529.982.247-25',
    });
    const result = await as(ana, () => orders.placeOrder(body));
    expect(result).toMatchObject({ ok: true, orderId: body.orderId });

    const forOrder = lines.filter((line) => line.includes(body.orderId));
    expect(forOrder).toHaveLength(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(forOrder[0]!) as Record<string, unknown>;
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      event: 'order.placed',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      durationMs: expect.any(Number),
      uid: ana.uid,
      orderId: body.orderId,
      items: 1,
      payment: 'manual',
      attempts: 1,
    });
    expect(forOrder[0]).not.toMatch(
      /ana@example\.com|Shopper ana|Paulista|01310-?100|529\.982\.247-25|52998224725|91234-?5678/,
    );

    // Replaying the same order is not a second order: no second line.
    await as(ana, () => orders.placeOrder(body));
    expect(lines.filter((l) => l.includes(body.orderId))).toHaveLength(1);
  });

  it('a refusal is one order.refused line with its reason code', async () => {
    await setStock('ovo-pistache', 0);
    env.NODE_ENV = 'production';
    const lines = captureLines();
    const body = input();
    expect(await as(bia, () => orders.placeOrder(body))).toMatchObject({ error: 'out-of-stock' });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed).toEqual([
      expect.objectContaining({
        event: 'order.refused',
        reason: 'out-of-stock',
        orderId: body.orderId,
        productKeys: 'ovo-pistache',
        attempts: 0,
      }),
    ]);
    // Refused from what the shop knows of the stock, before the session is read: no uid.
    expect(parsed[0]).not.toHaveProperty('uid');
    await setStock('ovo-pistache', 10);
  });
});

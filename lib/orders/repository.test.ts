// Integration tests of the orders repository and the getMyOrders action against a private
// local Firebase (seeded: the shopper has 5 orders).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';

import { orderStatusKey } from './status';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);

jest.setTimeout(30_000);

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let repository: typeof import('./repository/reads') & typeof import('./repository/panel');
let actions: typeof import('./actions');
let session: typeof import('@/lib/session/session');

const ORDERS = 'projects/chocolate-shop/orders';
const OTHER = { uid: 'other-shopper', email: 'outra@example.com', password: 'outra-senha-123' };
const NO_STATUS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  // Generous only for a loaded machine: the stack normally starts in a few seconds.
  ({ stack, clients, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  repository = { ...(await import('./repository/reads')), ...(await import('./repository/panel')) };
  actions = await import('./actions');
  session = await import('@/lib/session/session');

  await clients.auth.createUser(OTHER);
  const batch = db.batch();
  batch.set(db.doc(`${ORDERS}/other-1`), {
    orderID: 'other-1',
    orderDate: Timestamp.fromDate(new Date('2026-05-01T12:00:00Z')),
    clientRef: OTHER.uid,
    orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 35 }],
    status: { ...NO_STATUS, waitingPayment: true },
    shippingOption: 'Entrega',
    total: 35,
  });
  // Odd, hand-edited data: the reshape must still give a well-formed Order.
  batch.set(db.doc(`${ORDERS}/other-2`), {
    clientRef: OTHER.uid,
    // A string date, as a hand edit leaves it. (A document without orderDate at all is left out
    // of orderBy('orderDate') queries by Firestore, and so by the local one.)
    orderDate: '2026-03-20T10:00:00-03:00',
    orderItems: [
      { translatedTitle: 'Barra Tropical Rio', quantity: 2, value: 40 },
      { translatedTitle: 'broken', quantity: '2', value: 40 },
      'not an item',
    ],
    status: { delivered: 'true', cancelled: 1 },
    shippingOption: 'Drone',
  });
  // Orders of nobody, or of a uid that differs only in case, belong to no one else.
  batch.set(db.doc(`${ORDERS}/orphan`), { orderID: 'orphan', orderItems: [] });
  batch.set(db.doc(`${ORDERS}/case`), { orderID: 'case', clientRef: 'SEED-SHOPPER' });
  await batch.commit();
}, 90_000);

async function signIn(email: string, password: string) {
  cookieJar.reset();
  const { idToken } = await signInWithPassword(stack.authHost, email, password);
  await session.createSession(idToken);
}

describe('listOrdersForUser', () => {
  it('gives the shopper’s five orders, newest first, as plain data', async () => {
    const orders = await repository.listOrdersForUser('seed-shopper');
    expect(orders.map((order) => order.orderId)).toEqual([
      'seed-order-5',
      'seed-order-4',
      'seed-order-3',
      'seed-order-2',
      'seed-order-1',
    ]);
    expect(orders.every((order) => order.clientRef === 'seed-shopper')).toBe(true);
    // Serializable: what a server action or a prop may carry, with no SDK objects inside.
    expect(JSON.parse(JSON.stringify(orders))).toEqual(orders);
    expect(orders.map((order) => orderStatusKey(order.status))).toEqual([
      'cancelled',
      'delivered',
      'inProduction',
      'confirmed',
      'awaitingApproval',
    ]);
    expect(orders[3]).toEqual({
      orderId: 'seed-order-2',
      orderDate: '2026-02-10T13:05:00.000Z',
      clientRef: 'seed-shopper',
      orderItems: [
        { key: 'ovo-pistache', translatedTitle: 'Ovo Pistache', quantity: 1, value: 19300 },
        { key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 2, value: 3500 },
      ],
      status: { ...NO_STATUS, confirmed: true },
      shippingOption: 'Entrega',
      total: 26300,
      // Not asked for (Mercado Pago not configured), and a manual order besides.
      payOnline: false,
    });
  });

  it('works out a missing total from the lines and the delivery fee, as charged, in centavos from an order stored in whole reais', async () => {
    await db.doc(`${ORDERS}/no-total`).set({
      orderID: 'no-total',
      orderDate: Timestamp.fromDate(new Date('2026-05-05T12:00:00Z')),
      clientRef: 'seed-shopper',
      orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 2, value: 35 }],
      status: NO_STATUS,
      shippingOption: 'Entrega',
      deliveryFee: 12,
    });
    // Stored before amounts were centavos (no amountsIn): whole reais, read as centavos.
    expect(await repository.getOrder('no-total')).toMatchObject({
      total: 8200,
      deliveryFee: 1200,
      orderItems: [{ value: 3500 }],
    });
    await db.doc(`${ORDERS}/no-total`).delete();
  });

  it('never returns another user’s orders', async () => {
    const shopper = await repository.listOrdersForUser('seed-shopper');
    expect(shopper.map((order) => order.orderId)).not.toEqual(expect.arrayContaining(['other-1']));
    expect(shopper).toHaveLength(5);
    const other = await repository.listOrdersForUser(OTHER.uid);
    expect(other.map((order) => order.orderId).sort()).toEqual(['other-1', 'other-2']);
    expect(await repository.listOrdersForUser('nobody')).toEqual([]);
    expect(await repository.listOrdersForUser('')).toEqual([]);
  });

  it('says which orders wait for an online payment, only when Mercado Pago is configured', async () => {
    const stored = (orderId: string, payment: object, status = NO_STATUS) =>
      db.doc(`${ORDERS}/${orderId}`).set({
        orderID: orderId,
        orderDate: Timestamp.fromDate(new Date('2026-05-05T12:00:00Z')),
        clientRef: 'pay-shopper',
        status,
        payment,
      });
    await stored('pay-pending', { provider: 'mercadopago', status: 'pending' });
    await stored('pay-approved', { provider: 'mercadopago', status: 'approved' });
    await stored(
      'pay-cancelled',
      { provider: 'mercadopago', status: 'pending' },
      {
        ...NO_STATUS,
        cancelled: true,
      },
    );
    await stored('pay-manual', { provider: 'manual', status: 'not-required' });
    const payable = async (onlinePayment: boolean) =>
      (await repository.listOrdersForUser('pay-shopper', { onlinePayment }))
        .filter((order) => order.payOnline)
        .map((order) => order.orderId);
    expect(await payable(true)).toEqual(['pay-pending']);
    expect(await payable(false)).toEqual([]);
  });

  it('reshapes odd documents into well-formed orders', async () => {
    const odd = (await repository.listOrdersForUser(OTHER.uid)).find(
      (order) => order.orderId === 'other-2',
    );
    expect(odd).toEqual({
      orderId: 'other-2',
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      clientRef: OTHER.uid,
      orderItems: [{ translatedTitle: 'Barra Tropical Rio', quantity: 2, value: 4000 }],
      status: NO_STATUS,
      shippingOption: 'Entrega',
      total: 8000,
      payOnline: false,
    });
  });
});

describe('the status history of an order page', () => {
  // Orders of a shopper of their own: the other tests count OTHER's.
  const historyViewer = { uid: 'history-shopper', isAdmin: false };

  it('gives an order stored without one its creation and its current status', async () => {
    await db.doc(`${ORDERS}/history-legacy`).set({
      orderID: 'history-legacy',
      orderDate: Timestamp.fromDate(new Date('2026-05-01T12:00:00Z')),
      clientRef: 'history-shopper',
      status: { ...NO_STATUS, waitingPayment: true },
    });
    const order = await repository.getOrderForViewer('history-legacy', historyViewer);
    expect(order?.statusHistory).toEqual([
      { status: 'awaitingApproval', at: '2026-05-01T12:00:00.000Z' },
      { status: 'waitingPayment', at: '' },
    ]);
    // The last admin change that led to the current status gives it its time.
    await db.doc(`${ORDERS}/history-audit`).set({
      orderID: 'history-audit',
      orderDate: Timestamp.fromDate(new Date('2026-05-02T12:00:00Z')),
      clientRef: 'history-shopper',
      status: { ...NO_STATUS, confirmed: true },
      audit: [
        {
          at: Timestamp.fromDate(new Date('2026-05-02T13:00:00Z')),
          by: { uid: 'admin', email: 'a@example.com' },
          from: 'awaitingApproval',
          to: 'confirmed',
        },
      ],
    });
    expect(
      (await repository.getOrderForViewer('history-audit', historyViewer))?.statusHistory,
    ).toEqual([
      { status: 'awaitingApproval', at: '2026-05-02T12:00:00.000Z' },
      { status: 'confirmed', at: '2026-05-02T13:00:00.000Z' },
    ]);
  });

  it('reads a stored history, oldest first, skipping unreadable entries', async () => {
    const at = (iso: string) => Timestamp.fromDate(new Date(iso));
    await db.doc(`${ORDERS}/history-stored`).set({
      orderID: 'history-stored',
      orderDate: at('2026-05-03T12:00:00Z'),
      clientRef: 'history-shopper',
      status: { ...NO_STATUS, waitingForRetrieval: true },
      statusHistory: [
        { status: 'awaitingApproval', at: at('2026-05-03T12:00:01Z') },
        { status: 'confirmed', at: at('2026-05-03T13:00:00Z') },
        { status: 'shipped-by-drone', at: at('2026-05-03T13:30:00Z') },
        'not an entry',
        { status: 'waitingForRetrieval', at: at('2026-05-04T09:00:00Z') },
      ],
    });
    expect(
      (await repository.getOrderForViewer('history-stored', historyViewer))?.statusHistory,
    ).toEqual([
      { status: 'awaitingApproval', at: '2026-05-03T12:00:01.000Z' },
      { status: 'confirmed', at: '2026-05-03T13:00:00.000Z' },
      { status: 'waitingForRetrieval', at: '2026-05-04T09:00:00.000Z' },
    ]);
  });

  it('shows the order to its owner and to an admin, not to another shopper', async () => {
    // Only its owner may cancel it from the page: the admin sees it as not theirs.
    expect(await repository.getOrderForViewer('history-legacy', historyViewer)).toMatchObject({
      ownedByViewer: true,
    });
    expect(
      await repository.getOrderForViewer('history-legacy', { uid: OTHER.uid, isAdmin: false }),
    ).toBeNull();
    expect(
      await repository.getOrderForViewer('history-legacy', { uid: 'seed-admin', isAdmin: true }),
    ).toMatchObject({ orderId: 'history-legacy', ownedByViewer: false });
    expect(await repository.getOrderForViewer('missing-order', historyViewer)).toBeNull();
  });
});

describe('getMyOrders', () => {
  it('refuses without a session', async () => {
    cookieJar.reset();
    expect(await actions.getMyOrders()).toEqual({ ok: false, error: 'unauthenticated' });
    cookieJar.cookies.set('__session', { value: 'forged', options: {} });
    expect(await actions.getMyOrders()).toEqual({ ok: false, error: 'unauthenticated' });
  });

  it('gives each signed-in user only their own orders', async () => {
    await signIn('cliente@chocolates.local', 'cliente-chocolate-123');
    const mine = await actions.getMyOrders();
    expect(mine.ok && mine.orders.map((order) => order.orderId)).toEqual([
      'seed-order-5',
      'seed-order-4',
      'seed-order-3',
      'seed-order-2',
      'seed-order-1',
    ]);

    await signIn(OTHER.email, OTHER.password);
    const theirs = await actions.getMyOrders();
    expect(theirs.ok && theirs.orders.map((order) => order.orderId).sort()).toEqual([
      'other-1',
      'other-2',
    ]);

    await signIn('admin@chocolates.local', 'admin-chocolate-123');
    expect(await actions.getMyOrders()).toEqual({ ok: true, orders: [] });
  });
});

describe('listPanelOrders', () => {
  const filters = { status: null, shipping: null, q: '', after: null, before: null } as const;

  it('completes orders without a stored customer from the user document, and searches by it', async () => {
    // The seed's orders carry only clientRef: name, email and telephone come from users/{uid}.
    const page = await repository.listPanelOrders({ ...filters, q: 'CLIENTE@chocolates.LOCAL' });
    expect(page.items.map((order) => order.orderId)).toEqual([
      'seed-order-5',
      'seed-order-4',
      'seed-order-3',
      'seed-order-2',
      'seed-order-1',
    ]);
    expect(page.items[0]).toMatchObject({
      customer: { email: 'cliente@chocolates.local' },
      telephone: '+55 11 91234-5678',
      lastChange: null,
    });
    expect(page).toMatchObject({ total: 5, previous: null, next: null });
  });

  it('filters by status label and receiving method', async () => {
    const delivered = await repository.listPanelOrders({ ...filters, status: 'delivered' });
    expect(delivered.items.map((order) => order.orderId)).toEqual(['seed-order-4']);
    const pickup = await repository.listPanelOrders({ ...filters, shipping: 'Retirada' });
    expect(pickup.items.map((order) => order.orderId)).toEqual(['seed-order-4', 'seed-order-1']);
    const pickupSearch = await repository.listPanelOrders({
      ...filters,
      shipping: 'Retirada',
      q: 'cliente@chocolates.local',
    });
    expect(pickupSearch.items.map((order) => order.orderId)).toEqual([
      'seed-order-4',
      'seed-order-1',
    ]);
    // The 'Drone' shipping option of a hand-edited order reads as delivery, without an address.
    const odd = await repository.listPanelOrders({ ...filters, q: OTHER.email });
    expect(odd.items.find((order) => order.orderId === 'other-2')).toEqual(
      expect.objectContaining({
        shippingOption: 'Entrega',
        address: null,
        customer: {
          name: expect.any(String),
          email: OTHER.email,
        },
      }),
    );
  });
});

// The panel finds any order of any age against a private local Firebase holding 1,500 orders: by
// its number with one direct read, by its customer's e-mail with an indexed query, and by paging
// from the newest with cursors until the oldest.
import { Timestamp } from 'firebase-admin/firestore';

import { setUpFileFirebase, type AdminClients } from '@/test/local-firebase-env';

import { customerNameKey, orderIdParts } from './order-filters';

jest.setTimeout(120_000);

const ROOT = 'projects/chocolate-shop';
const COUNT = 1500;
const OLDEST = 'OLD0000000000';

let clients: AdminClients;
let repository: typeof import('./repository/panel');

const FLAGS = {
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
  ({ clients } = firebase);
  repository = await import('./repository/panel');
  const start = Date.UTC(2025, 0, 1);
  for (let first = 0; first < COUNT; first += 500) {
    const batch = clients.db.batch();
    for (let index = first; index < Math.min(COUNT, first + 500); index += 1) {
      const id = index === 0 ? OLDEST : `BULK${String(index).padStart(8, '0')}`;
      const email = index === 0 ? 'Antiga.Cliente@Example.com' : `c${index % 50}@example.com`;
      const name = index === 0 ? 'Ângela Primeira' : `Cliente ${index % 50}`;
      batch.set(clients.db.doc(`${ROOT}/orders/${id}`), {
        orderID: id,
        orderDate: Timestamp.fromMillis(start + index * 60_000),
        clientRef: `uid-${index % 50}`,
        orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 35 }],
        status: { ...FLAGS, confirmed: index % 2 === 0 },
        statusKey: index % 2 === 0 ? 'confirmed' : 'awaitingApproval',
        shippingOption: 'Retirada',
        total: 35,
        locale: 'pt-BR',
        customer: { name, email },
        customerEmailLower: email.toLowerCase(),
        // Every 100th order is from before the name key was stored.
        ...(index % 100 === 49 ? {} : { customerNameKey: customerNameKey(name) }),
        // As createOrder stores them; the oldest is from before they were.
        ...(index === 0 ? {} : { orderIdParts: orderIdParts(id) }),
        payment: { provider: 'manual', status: 'not-required' },
        stockReturned: false,
        audit: [],
      });
    }
    await batch.commit();
  }
}, 150_000);

const NO_FILTERS = { status: null, shipping: null, q: '', after: null, before: null } as const;

describe('the panel search over 1,500 orders', () => {
  it('pages from the newest to the oldest order, each order once, and back again', async () => {
    const seen: string[] = [];
    const firstPages: string[][] = [];
    // The local Firebase's seed adds its few (newer) orders to the 1,500.
    const stored = (await clients.db.collection(`${ROOT}/orders`).count().get()).data().count;
    expect(stored).toBeGreaterThanOrEqual(COUNT);
    let page = await repository.listPanelOrders({ ...NO_FILTERS });
    expect(page.total).toBe(stored);
    expect(page.previous).toBeNull();
    for (let reads = 1; ; reads += 1) {
      expect(page.items.length).toBeLessThanOrEqual(20);
      if (reads <= 3) firstPages.push(page.items.map((order) => order.orderId));
      seen.push(...page.items.map((order) => order.orderId));
      if (!page.next) break;
      expect(reads).toBeLessThan(stored / 20 + 1);
      page = await repository.listPanelOrders({ ...NO_FILTERS, after: page.next });
    }
    expect(seen).toHaveLength(stored);
    expect(new Set(seen).size).toBe(stored);
    expect(seen.indexOf(`BULK${String(COUNT - 1).padStart(8, '0')}`)).toBe(stored - COUNT);
    expect(seen[stored - 1]).toBe(OLDEST);
    // Previous, from the third page, gives the second and then the first (without a previous).
    const third = await repository.listPanelOrders({
      ...NO_FILTERS,
      after: (await repository.listPanelOrders({ ...NO_FILTERS })).next,
    });
    const thirdPage = await repository.listPanelOrders({ ...NO_FILTERS, after: third.next });
    expect(thirdPage.items.map((order) => order.orderId)).toEqual(firstPages[2]);
    const second = await repository.listPanelOrders({ ...NO_FILTERS, before: thirdPage.previous });
    expect(second.items.map((order) => order.orderId)).toEqual(firstPages[1]);
    const first = await repository.listPanelOrders({ ...NO_FILTERS, before: second.previous });
    expect(first.items.map((order) => order.orderId)).toEqual(firstPages[0]);
    expect(first.previous).toBeNull();
  });

  it('pages a status filter with where clauses down to the oldest confirmed order', async () => {
    const seen: string[] = [];
    const confirmed = (
      await clients.db.collection(`${ROOT}/orders`).where('statusKey', '==', 'confirmed').get()
    ).size;
    expect(confirmed).toBeGreaterThanOrEqual(COUNT / 2);
    let page = await repository.listPanelOrders({ ...NO_FILTERS, status: 'confirmed' });
    expect(page.total).toBe(confirmed);
    for (;;) {
      seen.push(...page.items.map((order) => order.orderId));
      if (!page.next) break;
      page = await repository.listPanelOrders({
        ...NO_FILTERS,
        status: 'confirmed',
        after: page.next,
      });
    }
    expect(seen).toHaveLength(confirmed);
    expect(new Set(seen).size).toBe(confirmed);
    expect(seen[seen.length - 1]).toBe(OLDEST);
    const awaiting = await repository.listPanelOrders({
      ...NO_FILTERS,
      status: 'awaitingApproval',
      shipping: 'Entrega',
    });
    expect(awaiting).toMatchObject({ items: [], total: 0, next: null, previous: null });
  });

  it('finds the oldest order by its number, typed in any case', async () => {
    for (const q of [OLDEST, OLDEST.toLowerCase()]) {
      const page = await repository.listPanelOrders({ ...NO_FILTERS, q });
      expect(page.items.map((order) => order.orderId)).toEqual([OLDEST]);
    }
  });

  it('finds orders by any part of their number, newest first', async () => {
    // 'K00001234' and '01234' are parts of BULK00001234 only; 'ulk0000123' of ten orders.
    for (const q of ['01234', 'k00001234', 'BULK00001234']) {
      const page = await repository.listPanelOrders({ ...NO_FILTERS, q });
      expect(page.items.map((order) => order.orderId)).toEqual(['BULK00001234']);
    }
    const ten = await repository.listPanelOrders({ ...NO_FILTERS, q: 'ulk0000123' });
    expect(ten.items.map((order) => order.orderId)).toEqual(
      Array.from({ length: 10 }, (_, k) => `BULK0000123${9 - k}`),
    );
    // Three characters are too few; an order stored before the parts is found whole only.
    expect((await repository.listPanelOrders({ ...NO_FILTERS, q: '234' })).items).toEqual([]);
    expect((await repository.listPanelOrders({ ...NO_FILTERS, q: 'OLD00000' })).items).toEqual([]);
  });

  it('stores the parts of a number from 4 to 12 characters, upper-cased', () => {
    const parts = orderIdParts('7e886783ff22');
    expect(parts).toHaveLength(45);
    expect(parts).toContain('E886');
    expect(parts).toContain('7E886783FF22');
    expect(parts.every((part) => part.length >= 4 && part.length <= 12)).toBe(true);
    expect(orderIdParts('X'.repeat(64)).length).toBeLessThanOrEqual(9);
    expect(orderIdParts('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789').length).toBe(153);
  });

  it("finds the oldest order by its customer's e-mail, whatever its case", async () => {
    const page = await repository.listPanelOrders({
      ...NO_FILTERS,
      q: 'antiga.cliente@example.COM',
    });
    expect(page.items.map((order) => order.orderId)).toEqual([OLDEST]);
    expect(page.items[0]?.customer.email).toBe('Antiga.Cliente@Example.com');
  });

  it("finds orders by the first letters of their customer's e-mail, whatever their case", async () => {
    for (const q of ['antiga', 'ANTIGA.cli', 'Antiga.Cliente@exa']) {
      const page = await repository.listPanelOrders({ ...NO_FILTERS, q });
      expect(page.items.map((order) => order.orderId)).toEqual([OLDEST]);
    }
    // c49@example.com placed every 50th order: 30 of them, newest first; c4 (two letters) is
    // too short to search by, and 'c49' is no prefix of another customer's e-mail here.
    const c49 = await repository.listPanelOrders({ ...NO_FILTERS, q: 'c49' });
    expect(c49.items).toHaveLength(COUNT / 50);
    expect(c49.items.every((order) => order.customer.email === 'c49@example.com')).toBe(true);
    const dates = c49.items.map((order) => order.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await repository.listPanelOrders({ ...NO_FILTERS, q: 'c4' })).items).toEqual([]);
    expect((await repository.listPanelOrders({ ...NO_FILTERS, q: 'zzz' })).items).toEqual([]);
  });

  it("finds orders by the first letters of their customer's name, whatever case and accents", async () => {
    for (const q of ['ang', 'ANGELA pri', 'Ângela']) {
      const page = await repository.listPanelOrders({ ...NO_FILTERS, q });
      expect(page.items.map((order) => order.orderId)).toEqual([OLDEST]);
    }
    // 'Cliente 49' placed every 50th order (30), less the 15 stored without a name key (49, 149, ...).
    const named = await repository.listPanelOrders({ ...NO_FILTERS, q: 'cliente 49' });
    expect(named.items.map((order) => order.orderId).sort()).toEqual(
      Array.from({ length: COUNT / 50 }, (_, k) => 49 + 50 * k)
        .filter((index) => index % 100 !== 49)
        .map((index) => `BULK${String(index).padStart(8, '0')}`)
        .sort(),
    );
    expect((await repository.listPanelOrders({ ...NO_FILTERS, q: 'primeira' })).items).toEqual([]);
  });

  it('keeps the other filters on a search', async () => {
    const page = await repository.listPanelOrders({
      ...NO_FILTERS,
      status: 'awaitingApproval',
      q: OLDEST,
    });
    // The oldest (index 0) is confirmed.
    expect(page.items).toEqual([]);
  });
});

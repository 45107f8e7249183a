// The panel's search finds any order of any age against a private local Firebase holding 1,500
// orders (more than the newest MAX_ORDERS_SCANNED the list reads): by its number with one direct
// read, by its customer's e-mail with an indexed query.
import { Timestamp } from 'firebase-admin/firestore';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.setTimeout(120_000);

const ROOT = 'projects/chocolate-shop';
const COUNT = 1500;
const OLDEST = 'OLD0000000000';

let stack: TestFirebase;
let clients: AdminClients;
let repository: typeof import('./repository');

const FLAGS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

beforeAll(async () => {
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  clients = adminClients(stack);
  repository = await import('./repository');
  const start = Date.UTC(2025, 0, 1);
  for (let first = 0; first < COUNT; first += 500) {
    const batch = clients.db.batch();
    for (let index = first; index < Math.min(COUNT, first + 500); index += 1) {
      const id = index === 0 ? OLDEST : `BULK${String(index).padStart(8, '0')}`;
      const email = index === 0 ? 'Antiga.Cliente@Example.com' : `c${index % 50}@example.com`;
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
        customer: { name: `Cliente ${index}`, email },
        customerEmailLower: email.toLowerCase(),
        payment: { provider: 'manual', status: 'not-required' },
        stockReturned: false,
        audit: [],
      });
    }
    await batch.commit();
  }
}, 150_000);

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
});

const NO_FILTERS = { status: null, shipping: null, q: '', page: 1 } as const;

describe('the panel search over 1,500 orders', () => {
  it('lists only the newest MAX_ORDERS_SCANNED without a search (the oldest is not listed)', async () => {
    const page = await repository.listPanelOrders({ ...NO_FILTERS });
    expect(page.capped).toBe(true);
    expect(page.total).toBe(repository.MAX_ORDERS_SCANNED);
  });

  it('finds the oldest order by its number, typed in any case', async () => {
    for (const q of [OLDEST, OLDEST.toLowerCase()]) {
      const page = await repository.listPanelOrders({ ...NO_FILTERS, q });
      expect(page.items.map((order) => order.orderID)).toEqual([OLDEST]);
    }
  });

  it("finds the oldest order by its customer's e-mail, whatever its case", async () => {
    const page = await repository.listPanelOrders({
      ...NO_FILTERS,
      q: 'antiga.cliente@example.COM',
    });
    expect(page.items.map((order) => order.orderID)).toEqual([OLDEST]);
    expect(page.items[0]?.customer.email).toBe('Antiga.Cliente@Example.com');
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

// The stored order's field names are the data's, not the code's: a local data folder written by
// an earlier version (the order id stored as `orderID`) is read by this one, and what this one
// writes keeps that field, so an older version reads it too. The app sees `orderId` only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.setTimeout(120_000);

const SHOP = 'projects/chocolate-shop';
const DOCUMENTS = 'projects/demo-chocolate-shop/databases/(default)/documents';
const SHOPPER = 'shopper-of-a-kept-folder';
const PLACED = new Date('2026-03-01T15:00:00Z');

/** A plain value in the data file's JSON form (scripts/local-firebase/fields.mjs). */
function stored(value: unknown): Record<string, unknown> {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: value };
  if (value instanceof Date) {
    return { timestampValue: { seconds: Math.floor(value.getTime() / 1000), nanos: 0 } };
  }
  if (Array.isArray(value)) return { arrayValue: value.map(stored) };
  return { mapValue: storedFields(value as Record<string, unknown>) };
}

function storedFields(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, stored(value)]));
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

/** An order as lib/orders/repository/writes.ts has stored it, field for field. */
const keptOrder = {
  amountsIn: 'centavos',
  orderID: 'KEPTORDER001',
  productKeys: ['mini-ovo'],
  orderDate: PLACED,
  clientRef: SHOPPER,
  orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 2, value: 3500 }],
  status: { ...NO_STATUS, confirmed: true },
  statusKey: 'confirmed',
  statusChangedAt: PLACED,
  customerEmailLower: 'kept@example.com',
  customerNameKey: 'kept',
  orderIdParts: ['KEPTOR', 'PTORDE', 'RDER00', 'ER001'],
  expiresAt: null,
  shippingOption: 'Retirada',
  total: 7000,
  memberDiscount: null,
  locale: 'pt-BR',
  address: null,
  telephone: '11912345678',
  cpf: null,
  giftMessage: '',
  recipientName: '',
  coupon: null,
  couponShard: null,
  customer: { name: 'Kept', email: 'kept@example.com' },
  deliveryFee: 0,
  deliveryDate: null,
  payment: {
    provider: 'manual',
    status: 'not-required',
    preferenceId: null,
    initPoint: null,
    paymentId: null,
    attempts: 0,
    processed: [],
  },
  stockReturned: false,
  audit: [],
  statusHistory: [{ status: 'awaitingApproval', at: PLACED }],
};

/** A data folder as an earlier version left it: its orders and nothing else. */
function keptFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-orders-'));
  const document = (id: string, fields: Record<string, unknown>) => ({
    path: `${DOCUMENTS}/${SHOP}/orders/${id}`,
    createTime: PLACED.toISOString(),
    updateTime: PLACED.toISOString(),
    fields: storedFields(fields),
  });
  const withoutId: Record<string, unknown> = { ...keptOrder };
  delete withoutId.orderID;
  fs.writeFileSync(
    path.join(dir, 'firestore.json'),
    JSON.stringify({
      format: 'chocolate-shop-local-firestore',
      version: 1,
      savedAt: PLACED.toISOString(),
      documents: [
        document('KEPTORDER001', keptOrder),
        // Hand-edited data may lack the field: the document's id is the order's.
        document('KEPTORDER002', { ...withoutId, orderDate: new Date('2026-03-02T15:00:00Z') }),
      ],
    }),
  );
  return dir;
}

let dataDir: string;
let stack: TestFirebase | undefined;
let clients: AdminClients | undefined;
let reads: typeof import('./reads');
let writes: typeof import('./writes');
let runTransaction: typeof import('@/lib/firebase/admin').runTransaction;

beforeAll(async () => {
  dataDir = keptFolder();
  stack = await startTestFirebase({ dataDir, timeoutMs: 90_000 });
  clients = adminClients(stack);
  reads = await import('./reads');
  writes = await import('./writes');
  ({ runTransaction } = await import('@/lib/firebase/admin'));
}, 110_000);

afterAll(async () => {
  await clients?.close().catch(() => {});
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('reads the orders of a data folder written before: the stored orderID is the orderId', async () => {
  const order = await reads.getOrder('KEPTORDER001');
  expect(order).toMatchObject({
    orderId: 'KEPTORDER001',
    clientRef: SHOPPER,
    total: 7000,
    orderDate: PLACED.toISOString(),
    status: { ...NO_STATUS, confirmed: true },
  });
  expect(order).not.toHaveProperty('orderID');

  const listed = await reads.listOrdersForUser(SHOPPER);
  expect(listed.map((summary) => summary.orderId)).toEqual(['KEPTORDER002', 'KEPTORDER001']);
  expect(listed.every((summary) => !('orderID' in summary))).toBe(true);
});

it('stores a new order under the same field name, so an older version reads it as well', async () => {
  await runTransaction(async (transaction) => {
    writes.createOrder(transaction, {
      orderId: 'NEWORDER0001',
      clientRef: SHOPPER,
      orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 3500 }],
      shippingOption: 'Retirada',
      locale: 'pt-BR',
      address: null,
      telephone: '11912345678',
      cpf: null,
      customer: { name: 'Kept', email: 'kept@example.com' },
      paymentProvider: 'manual',
      expiresAt: null,
    });
  });
  const raw = (await clients!.db.doc(`${SHOP}/orders/NEWORDER0001`).get()).data();
  expect(raw).toMatchObject({ orderID: 'NEWORDER0001' });
  expect(raw).not.toHaveProperty('orderId');
  expect(await reads.getOrder('NEWORDER0001')).toMatchObject({ orderId: 'NEWORDER0001' });
});

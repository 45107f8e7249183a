// A cancel is final: a shopper's cancel racing an approved payment, against a private local
// Firebase, the fake Mercado Pago and the local outbox. The cancel first cancels at Mercado Pago
// what could still pay the order; a payment that reaches the order anyway (a card charged at that
// very moment, a Pix paid just before) is refunded through Mercado Pago, the order stays cancelled
// with its units back once, and the shopper is told by e-mail. The fake holds the payment's last
// step until the cancel has answered, so every run is the interleaving that revived orders.
import fs from 'node:fs';
import path from 'node:path';

import type { Firestore } from 'firebase-admin/firestore';

import { signatureManifest, signManifest } from '@/lib/payments/signature';
import type { PublicUser } from '@/lib/users/types';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import {
  mockAdminAuthModule,
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  signedInUser,
} from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('next/headers', () => mockHeadersModule());
jest.mock('@/lib/control-panel/auth', () => mockAdminAuthModule());
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(240_000);

const ROOT = 'projects/chocolate-shop';
const ORIGIN = 'http://shop.test';
const ACCESS_TOKEN = 'TEST-access-token-cancel-race';
const SECRET = 'webhook-secret-cancel-race';
const PRODUCT = 'ovo-caramelo-com-amendoim';
const RUNS = 10;

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let outbox: string;
let orders: typeof import('./place-order');
let payRoute: typeof import('@/app/api/orders/payment/route');
let cancelRoute: typeof import('@/app/api/orders/cancel/route');
let webhook: typeof import('@/app/api/mercadopago/webhook/route');
let refunds: typeof import('./refunds');
let sender: typeof import('@/lib/mail/sender');

/** A shopper whose uid is also their name. */
const shopper = (uid: string) => signedInUser({ uid, email: `${uid}@example.com`, name: uid });

async function place(user: PublicUser, orderId: string): Promise<void> {
  const result = await mockSessionStore.run(user, () =>
    orders.placeOrder({
      orderId,
      lines: [{ key: PRODUCT, quantity: 2 }],
      shippingOption: 'Retirada',
      telephone: '11 91234-5678',
      locale: 'en',
    }),
  );
  expect(result).toMatchObject({ ok: true, payment: { mode: 'mercadopago' } });
}

async function post(
  route: { POST: (request: Request) => Promise<Response> },
  user: PublicUser,
  url: string,
  body: unknown,
) {
  return mockSessionStore.run(user, async () => {
    const response = await route.POST(
      new Request(`${ORIGIN}${url}`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': user.uid,
        },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

const pay = (user: PublicUser, body: unknown) => post(payRoute, user, '/api/orders/payment', body);
const cancel = (user: PublicUser, orderId: string) =>
  post(cancelRoute, user, '/api/orders/cancel', { orderId });

let notifications = 0;
/** Mercado Pago's signed notification about payment `id`. */
async function notify(id: string) {
  notifications += 1;
  const requestId = `cancel-race-${notifications}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(signatureManifest({ dataId: id, requestId, ts }), SECRET);
  const response = await webhook.POST(
    new Request(`${ORIGIN}/api/mercadopago/webhook?data.id=${id}&type=payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
        'x-forwarded-for': '203.0.113.50',
      },
      body: JSON.stringify({ type: 'payment', data: { id } }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const stock = async () =>
  (await db.doc(`${ROOT}/inventory/${PRODUCT}`).get()).get('stock') as number;
const stored = async (orderId: string) => (await db.doc(`${ROOT}/orders/${orderId}`).get()).data()!;

/** The kinds of the outbox's e-mails about `orderId`, sorted (file: time-kind-order-id.eml). */
function mailKinds(orderId: string): string[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.eml') && file.includes(`-${orderId}-`))
    .map((file) => file.slice(25, file.indexOf(`-${orderId}-`)))
    .sort();
}

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 60_000) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What settles after the answers: refunds asked of Mercado Pago, then their e-mails sent. */
async function settle() {
  await refunds.refundOwedPaymentsNow();
  await sender.sendQueuedMailNow();
}

beforeAll(async () => {
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  process.env.LOCAL_FIREBASE_DATA_DIR = stack.dataDir;
  outbox = path.join(stack.dataDir, 'outbox');
  clients = adminClients(stack);
  db = clients.db;
  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 1000 });
  orders = await import('./place-order');
  payRoute = await import('@/app/api/orders/payment/route');
  cancelRoute = await import('@/app/api/orders/cancel/route');
  webhook = await import('@/app/api/mercadopago/webhook/route');
  refunds = await import('./refunds');
  sender = await import('@/lib/mail/sender');
}, 120_000);

afterAll(async () => {
  delete process.env.LOCAL_FIREBASE_DATA_DIR;
  await clients?.close();
  await stack?.stop();
  await fake?.close();
});

/** What every run ends with: cancelled, units back once, the payment refunded once, told. */
async function expectCancelledAndRefunded(orderId: string, paymentId: string, before: number) {
  await settle();
  const order = await stored(orderId);
  expect(order.status).toMatchObject({ cancelled: true, confirmed: false });
  expect(order.stockReturned).toBe(true);
  expect(await stock()).toBe(before);
  expect(fake.refundsOf(paymentId)).toHaveLength(1);
  expect(fake.getPayment(paymentId)?.status).toBe('refunded');
  expect(order.payment.refunds[paymentId]).toMatchObject({ state: 'refunded' });
  // The refund's notification (and any later one) changes nothing more.
  expect((await notify(paymentId)).status).toBe(200);
  await settle();
  expect(fake.refundsOf(paymentId)).toHaveLength(1);
  expect((await stored(orderId)).status).toMatchObject({ cancelled: true, confirmed: false });
  expect(await stock()).toBe(before);
  expect(mailKinds(orderId)).toEqual([
    'new-order',
    'order-placed',
    'payment-refunded',
    'shopper-cancelled',
    'status-cancelled',
  ]);
}

it(`a shopper's cancel racing an approved payment, ${RUNS} runs: cancelled, units back once, refunded, e-mailed`, async () => {
  const outcomes: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const user = shopper(`uid-cancel-race-${run}`);
    const orderId = `CANCELRACE${String(run).padStart(2, '0')}`;
    const before = await stock();
    await place(user, orderId);
    let paymentId: string;
    if (run % 2 === 0) {
      // A card charged at Mercado Pago while the cancel is made.
      const hold = fake.holdPayments();
      const paying = pay(user, {
        orderId,
        method: 'card',
        card: { token: `card-${orderId}`, paymentMethodId: 'visa', installments: 1 },
      });
      await until(() => hold.held() === 1, 'the charge');
      expect((await cancel(user, orderId)).status).toBe(200);
      hold.release();
      expect((await paying).body).toEqual({ ok: true, method: 'card', status: 'refunded' });
      paymentId = String(fake.paymentsOf(orderId)[0]!.id);
      // Mercado Pago's notification of that charge: applied already (or, once refunded, a
      // cancelled payment of a cancelled order).
      expect(['duplicate', 'no-change']).toContain((await notify(paymentId)).body.result);
      outcomes.push('card');
    } else {
      // A Pix paid at the bank just before the cancel; its notification arrives meanwhile.
      const pix = await pay(user, { orderId, method: 'pix' });
      paymentId = (pix.body.pix as { paymentId: string }).paymentId;
      fake.setPayment({ ...fake.getPayment(paymentId)!, status: 'approved' });
      const hold = fake.holdPayments((r) => r.method === 'GET' && r.path.endsWith(paymentId));
      const notifying = notify(paymentId);
      await until(() => hold.held() === 1, 'the notification');
      expect((await cancel(user, orderId)).status).toBe(200);
      hold.release();
      expect((await notifying).body).toMatchObject({ result: 'refund' });
      outcomes.push('pix');
    }
    await expectCancelledAndRefunded(orderId, paymentId, before);
  }
  console.info(`cancel against an approved payment, ${RUNS} runs: ${outcomes.join(' ')}`);
});

it(`a cancel and an approved payment sent at the same moment, ${RUNS} runs: whichever lands first, never both`, async () => {
  const outcomes: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const user = shopper(`uid-cancel-free-${run}`);
    const orderId = `CANCELFREE${String(run).padStart(2, '0')}`;
    const before = await stock();
    await place(user, orderId);
    const pix = await pay(user, { orderId, method: 'pix' });
    const paymentId = (pix.body.pix as { paymentId: string }).paymentId;
    fake.setPayment({ ...fake.getPayment(paymentId)!, status: 'approved' });
    const [cancelled] = await Promise.all([cancel(user, orderId), notify(paymentId)]);
    if (cancelled.status === 200) {
      outcomes.push('cancelled');
      await expectCancelledAndRefunded(orderId, paymentId, before);
    } else {
      // The payment landed first: the order is paid, the cancel refused, nothing refunded.
      outcomes.push('paid');
      expect(cancelled).toMatchObject({ status: 409, body: { error: 'not-open' } });
      await settle();
      expect((await stored(orderId)).status).toMatchObject({ confirmed: true, cancelled: false });
      expect(await stock()).toBe(before - 2);
      expect(fake.refundsOf(paymentId)).toHaveLength(0);
      expect(mailKinds(orderId)).toEqual(['new-order', 'order-placed', 'status-confirmed']);
    }
  }
  console.info(`cancel and payment at once, ${RUNS} runs: ${outcomes.join(' ')}`);
});

it("a shopper's or an admin's cancel first cancels the order's open Pix at Mercado Pago", async () => {
  const { changeOrderStatus } = await import('@/lib/control-panel/actions');
  for (const by of ['shopper', 'admin'] as const) {
    const user = shopper(`uid-cancel-pix-${by}`);
    const orderId = `CANCELPIX${by.toUpperCase()}`;
    await place(user, orderId);
    const pix = await pay(user, { orderId, method: 'pix' });
    const paymentId = (pix.body.pix as { paymentId: string }).paymentId;
    if (by === 'shopper') expect((await cancel(user, orderId)).status).toBe(200);
    else {
      expect(
        await changeOrderStatus(null, {
          locale: 'en',
          orderId,
          from: 'awaitingApproval',
          to: 'cancelled',
        }),
      ).toMatchObject({ ok: true });
    }
    expect(fake.getPayment(paymentId)?.status).toBe('cancelled');
    expect((await db.doc(`${ROOT}/pixPayments/${orderId}`).get()).exists).toBe(false);
    // Its notification changes nothing: nothing was paid, nothing to refund.
    expect((await notify(paymentId)).body).toMatchObject({ result: 'no-change' });
    await settle();
    expect(fake.refundsOf(paymentId)).toHaveLength(0);
  }
});

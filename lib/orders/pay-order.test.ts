// Paying an order from its page (POST /api/orders/payment) against a private local Firebase and
// the local fake of Mercado Pago: a Pix code made once per order and shown again, the webhook
// that pays it, a card token, and every refusal (signed out, someone else's order, bad input,
// nothing to pay, time over, Mercado Pago down, too many requests).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

import { isPixCode } from '@/lib/payments/pix-code';
import { signatureManifest, signManifest } from '@/lib/payments/signature';
import type { PublicUser } from '@/lib/users/types';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import { as, mockHeadersModule, mockSessionModule, signedInUser } from '@/test/session-mock';

import type { PayOrderResult } from './pay-order-result';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('next/headers', () => mockHeadersModule());

/**
 * When set, the next applyPaymentToOrder rejects with it, or never settles ('stall'): Firestore
 * failing or frozen after a charge.
 */
let mockApplyFailure: Error | 'stall' | null = null;
jest.mock('./payment-update', () => {
  const actual = jest.requireActual('./payment-update');
  return {
    ...actual,
    applyPaymentToOrder: (...args: Parameters<typeof actual.applyPaymentToOrder>) => {
      const failure = mockApplyFailure;
      mockApplyFailure = null;
      if (failure === 'stall') {
        return jest
          .requireActual<typeof import('@/test/stalled-call')>('@/test/stalled-call')
          .stalledCall();
      }
      return failure ? Promise.reject(failure) : actual.applyPaymentToOrder(...args);
    },
  };
});

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';
const ORIGIN = 'http://shop.test';
const ACCESS_TOKEN = 'TEST-access-token-pay-order';
const SECRET = 'webhook-secret-pay-order';
const PRODUCT = 'ovo-pistache';

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let orders: typeof import('./place-order');
let route: typeof import('@/app/api/orders/payment/route');
let webhook: typeof import('@/app/api/mercadopago/webhook/route');

/** A shopper whose uid is also their name. */
const shopper = (uid: string, isAdmin = false) =>
  signedInUser({ uid, email: `${uid}@example.com`, name: uid, isAdmin });
const ana = shopper('uid-ana');
const bia = shopper('uid-bia');
const admin = shopper('uid-admin', true);

let sequence = 0;
async function place(
  user: PublicUser = ana,
  receiving: Record<string, unknown> = { shippingOption: 'Retirada' },
): Promise<string> {
  sequence += 1;
  const orderId = `PAYORDER${String(sequence).padStart(5, '0')}`;
  const result = await as(user, () =>
    orders.placeOrder({
      orderId,
      lines: [{ key: PRODUCT, quantity: 2 }],
      telephone: '11 91234-5678',
      locale: 'pt-BR',
      ...receiving,
    }),
  );
  expect(result).toMatchObject({ ok: true, payment: { mode: 'mercadopago' } });
  return orderId;
}

type Answer = { status: number; body: PayOrderResult; headers: Headers };

/** POSTs `body` to the route as `user`, from the shop's own origin unless told otherwise. */
async function pay(
  user: PublicUser | null,
  body: unknown,
  { origin = ORIGIN, raw }: { origin?: string; raw?: string } = {},
): Promise<Answer> {
  return as(user, async () => {
    const response = await route.POST(
      new Request(`${ORIGIN}/api/orders/payment`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.7' },
        body: raw ?? JSON.stringify(body),
      }),
    );
    return {
      status: response.status,
      body: (await response.json()) as PayOrderResult,
      headers: response.headers,
    };
  });
}

const paymentPosts = () =>
  fake.requests.filter(({ method, path }) => method === 'POST' && path === '/v1/payments');

async function order(orderId: string) {
  return (await db.doc(`${ROOT}/orders/${orderId}`).get()).data() ?? {};
}

let notifications = 0;
/** A notification about payment `id`, signed as Mercado Pago signs it. */
async function notify(id: string) {
  notifications += 1;
  const requestId = `pay-order-req-${notifications}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(signatureManifest({ dataId: id, requestId, ts }), SECRET);
  const response = await webhook.POST(
    new Request(`${ORIGIN}/api/mercadopago/webhook?data.id=${id}&type=payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ type: 'payment', data: { id } }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  clients = adminClients(stack);
  db = clients.db;
  orders = await import('./place-order');
  route = await import('@/app/api/orders/payment/route');
  webhook = await import('@/app/api/mercadopago/webhook/route');
}, 90_000);

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  await fake?.close();
});

beforeEach(async () => {
  (await import('@/lib/rate-limit')).resetRateLimiters();
  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 100 });
});

// No open-order cap in the way: each test's orders are settled afterwards.
afterEach(async () => {
  const open = await db.collection(`${ROOT}/orders`).where('status.confirmed', '==', false).get();
  await Promise.all(
    open.docs.map((doc) => doc.ref.update({ 'status.confirmed': true, statusKey: 'confirmed' })),
  );
});

describe('Pix', () => {
  it("creates one Pix payment for the order's amount and deadline, and shows the same one again", async () => {
    const orderId = await place();
    const stored = await order(orderId);
    const expiresAt = (stored.expiresAt as Timestamp).toDate();
    const before = paymentPosts().length;

    const first = await pay(ana, { orderId, method: 'pix' });
    expect(first.status).toBe(200);
    if (!first.body.ok || first.body.method !== 'pix') throw new Error('expected a Pix');
    const { pix } = first.body;
    expect(isPixCode(pix.qrCode)).toBe(true);
    // 2 x R$ 193: the amount is in the code as Mercado Pago makes it.
    expect(pix.qrCode).toContain('5406386.00');
    expect(Buffer.from(pix.qrCodeBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(pix.expiresAt).toBe(expiresAt.toISOString());

    expect(paymentPosts()).toHaveLength(before + 1);
    const request = paymentPosts().at(-1)!;
    // The attempt's own key (lib/payments/attempts.ts): a retry of it is the same payment.
    expect(request.headers['x-idempotency-key']).toMatch(
      new RegExp(`^${orderId}-pix-[A-Za-z0-9_-]{12}$`),
    );
    expect(request.body).toMatchObject({
      payment_method_id: 'pix',
      transaction_amount: 386,
      external_reference: orderId,
      payer: { email: ana.email },
      date_of_expiration: expiresAt.toISOString().replace('Z', '+00:00'),
      notification_url: 'http://localhost:3000/api/mercadopago/webhook',
    });

    // A reload: the stored code, without asking Mercado Pago again.
    const again = await pay(ana, { orderId, method: 'pix' });
    expect(again.body).toEqual(first.body);
    expect(paymentPosts()).toHaveLength(before + 1);
    const doc = await db.doc(`${ROOT}/pixPayments/${orderId}`).get();
    expect(doc.get('paymentId')).toBe(pix.paymentId);
  });

  it('two tabs at once make one Pix: the other is told the order is being paid, then shows the same code', async () => {
    const orderId = await place();
    const before = paymentPosts().length;
    const answers = await Promise.all([
      pay(ana, { orderId, method: 'pix' }),
      pay(ana, { orderId, method: 'pix' }),
    ]);
    expect(paymentPosts()).toHaveLength(before + 1);
    const shown = answers.find((answer) => answer.status === 200)!;
    expect(shown.body).toMatchObject({ ok: true, method: 'pix' });
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toEqual(shown.body);
      else expect(answer).toMatchObject({ status: 409, body: { error: 'payment-in-progress' } });
    }
    // Asked again, as the page does: the same code.
    expect((await pay(ana, { orderId, method: 'pix' })).body).toEqual(shown.body);
  });

  it("a new deadline (a fresh payment made with 'Gerar novo pagamento') makes a new code", async () => {
    const orderId = await place();
    const first = await pay(ana, { orderId, method: 'pix' });
    const later = new Date(Date.now() + 20 * 60_000);
    await db.doc(`${ROOT}/orders/${orderId}`).update({ expiresAt: Timestamp.fromDate(later) });
    const second = await pay(ana, { orderId, method: 'pix' });
    expect(second.status).toBe(200);
    if (!first.body.ok || !second.body.ok) throw new Error('expected two Pix');
    expect(second.body).toMatchObject({ pix: { expiresAt: later.toISOString() } });
    expect(second.body).not.toEqual(first.body);
  });

  it('the webhook for the Pix payment pays the order', async () => {
    const orderId = await place();
    const answer = await pay(ana, { orderId, method: 'pix' });
    if (!answer.body.ok || answer.body.method !== 'pix') throw new Error('expected a Pix');
    const { paymentId } = answer.body.pix;
    fake.setPayment({ ...fake.getPayment(paymentId)!, status: 'approved' });
    expect(await notify(paymentId)).toEqual({
      status: 200,
      body: { ok: true, result: 'applied' },
    });
    const paid = await order(orderId);
    expect(paid.payment).toMatchObject({ status: 'approved', paymentId });
    expect(paid.status).toMatchObject({ confirmed: true });
    // Paid: nothing more to pay.
    expect((await pay(ana, { orderId, method: 'pix' })).status).toBe(409);
  });

  it('Mercado Pago down: 503 with Retry-After and nothing stored; the next try works', async () => {
    const orderId = await place();
    fake.failPaymentCreation(1);
    const down = await pay(ana, { orderId, method: 'pix' });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ ok: false, error: 'payment-unavailable' });
    expect(down.headers.get('retry-after')).toBe('5');
    expect((await db.doc(`${ROOT}/pixPayments/${orderId}`).get()).exists).toBe(false);
    expect((await pay(ana, { orderId, method: 'pix' })).status).toBe(200);
  });
});

describe('who may pay, and what', () => {
  it('signed out: 401; someone else, an admin included: 404, and Mercado Pago is not asked', async () => {
    const orderId = await place();
    const before = paymentPosts().length;
    expect((await pay(null, { orderId, method: 'pix' })).status).toBe(401);
    expect((await pay(bia, { orderId, method: 'pix' })).body).toEqual({
      ok: false,
      error: 'not-found',
    });
    expect((await pay(admin, { orderId, method: 'pix' })).status).toBe(404);
    expect((await pay(ana, { orderId: 'NOSUCHORDER1', method: 'pix' })).status).toBe(404);
    expect(paymentPosts()).toHaveLength(before);
  });

  it('bad input: 400 (a body that is not JSON too), another origin 403, too large 413', async () => {
    const orderId = await place();
    for (const body of [
      { orderId },
      { orderId, method: 'boleto' },
      { orderId: '../x', method: 'pix' },
      { orderId, method: 'pix', amount: 1 },
      { orderId, method: 'card' },
      {
        orderId,
        method: 'card',
        card: { token: 'short', paymentMethodId: 'visa', installments: 1 },
      },
      {
        orderId,
        method: 'card',
        card: { token: 'tok-12345678', paymentMethodId: 'visa', installments: 99 },
      },
    ]) {
      expect((await pay(ana, body)).status).toBe(400);
    }
    expect(
      (await pay(ana, { orderId, method: 'pix' }, { origin: 'http://evil.test' })).status,
    ).toBe(403);
    expect((await pay(ana, null, { raw: 'orderId=1' })).status).toBe(400);
    expect((await pay(ana, null, { raw: `{"orderId":"${'x'.repeat(3000)}"}` })).status).toBe(413);
  });

  it('a cancelled order: 409; past its deadline: 410', async () => {
    const cancelled = await place();
    await db.doc(`${ROOT}/orders/${cancelled}`).update({ 'status.cancelled': true });
    expect((await pay(ana, { orderId: cancelled, method: 'pix' })).body).toEqual({
      ok: false,
      error: 'not-payable',
    });
    const late = await place();
    await db
      .doc(`${ROOT}/orders/${late}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const answer = await pay(ana, { orderId: late, method: 'pix' });
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ ok: false, error: 'expired' });
  });

  it('10 a minute per account, then 429 with Retry-After', async () => {
    const orderId = await place();
    // The bucket refills one payment every 6 s: on a busy machine, where ten payments take
    // longer than that, it has let that many more through by the time it refuses.
    const started = Date.now();
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof pay>> | undefined;
    while (!refused && allowed < 30) {
      const answer = await pay(ana, { orderId, method: 'pix' });
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(200);
        allowed += 1;
      }
    }
    const refilled = Math.ceil((Date.now() - started) / 6_000);
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(10 + refilled);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('card (the Payment Brick token)', () => {
  it('an approved card payment confirms the order at once; its idempotency key names the order and the attempt, not the token', async () => {
    const orderId = await place();
    const card = { token: 'fake-card-token-0001', paymentMethodId: 'master', installments: 3 };
    const before = paymentPosts().length;
    const answer = await pay(ana, { orderId, method: 'card', card });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, method: 'card', status: 'approved' },
    });
    const request = paymentPosts().at(-1)!;
    expect(request.body).toMatchObject({
      token: card.token,
      payment_method_id: 'master',
      installments: 3,
      transaction_amount: 386,
      external_reference: orderId,
      payer: { email: ana.email },
    });
    const paid = await order(orderId);
    expect(paid.payment).toMatchObject({ status: 'approved' });
    expect(paid.status).toMatchObject({ confirmed: true });
    // The attempt's key: two tabs' tokens are two attempts, and only one is claimed at a time
    // (lib/orders/pay-order-race.test.ts); the token itself is not written in the key.
    const key = request.headers['x-idempotency-key'];
    expect(key).toMatch(new RegExp(`^${orderId}-card-[A-Za-z0-9_-]{12}$`));
    expect(key).not.toContain(card.token);
    expect(paymentPosts()).toHaveLength(before + 1);
  });

  it('a refused card says rejected and leaves the order to pay with another card or Pix', async () => {
    const orderId = await place();
    const answer = await pay(ana, {
      orderId,
      method: 'card',
      card: { token: 'reject-token-0001', paymentMethodId: 'visa', installments: 1 },
    });
    expect(answer.body).toEqual({ ok: true, method: 'card', status: 'rejected' });
    const refused = await order(orderId);
    expect(refused.status).toMatchObject({ waitingPayment: true, cancelled: false });
    expect(refused.payment).toMatchObject({ status: 'rejected' });
    expect(refused.stockReturned).not.toBe(true);

    const pix = await pay(ana, { orderId, method: 'pix' });
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ ok: true, method: 'pix' });
    const card = await pay(ana, {
      orderId,
      method: 'card',
      card: { token: 'second-card-0001', paymentMethodId: 'visa', installments: 1 },
    });
    expect(card.body).toEqual({ ok: true, method: 'card', status: 'approved' });
    expect((await order(orderId)).status).toMatchObject({ confirmed: true, cancelled: false });
  });

  it("a card cancels the order's open Pix at Mercado Pago before it is charged, so the Pix cannot pay a second time", async () => {
    const orderId = await place();
    const pix = await pay(ana, { orderId, method: 'pix' });
    if (!pix.body.ok || pix.body.method !== 'pix') throw new Error('expected a Pix');
    const pixId = pix.body.pix.paymentId;
    const card = await pay(ana, {
      orderId,
      method: 'card',
      card: { token: 'card-after-pix-0001', paymentMethodId: 'visa', installments: 1 },
    });
    expect(card.body).toEqual({ ok: true, method: 'card', status: 'approved' });
    expect(fake.getPayment(pixId)?.status).toBe('cancelled');
    // Cancelled before the card was charged.
    const pixCancel = fake.requests.findIndex(
      (r) => r.method === 'PUT' && r.path === `/v1/payments/${pixId}`,
    );
    const charge = fake.requests.findIndex(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payments' &&
        (r.body as { token?: string }).token === 'card-after-pix-0001',
    );
    expect(pixCancel).toBeGreaterThan(-1);
    expect(pixCancel).toBeLessThan(charge);
    // No longer shown on the order's page.
    expect((await db.doc(`${ROOT}/pixPayments/${orderId}`).get()).exists).toBe(false);
    expect(fake.requests.filter((r) => r.method === 'PUT')).toContainEqual(
      expect.objectContaining({ path: `/v1/payments/${pixId}`, body: { status: 'cancelled' } }),
    );
    // Its notification changes nothing: the card's payment stands.
    expect((await notify(pixId)).status).toBe(200);
    const paid = await order(orderId);
    expect(paid.status).toMatchObject({ confirmed: true, cancelled: false });
    expect(paid.payment).toMatchObject({ status: 'approved' });
    expect(paid.payment.paymentId).not.toBe(pixId);
  });

  it("a card charged while Firestore fails or stalls answers Mercado Pago's verdict, and the webhook applies it", async () => {
    // The deadline a stalled Firestore meets (lib/deadline.ts), short for this test.
    const deadline = process.env.BACKEND_DEADLINE_MS;
    process.env.BACKEND_DEADLINE_MS = '5000';
    try {
      for (const fault of [
        Object.assign(new Error('14 UNAVAILABLE: stopped'), { code: 14 }),
        'stall' as const,
      ]) {
        const orderId = await place();
        mockApplyFailure = fault;
        const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
        let answer: Answer;
        try {
          answer = await pay(ana, {
            orderId,
            method: 'card',
            card: {
              token: `card-firestore-down-${orderId}`,
              paymentMethodId: 'visa',
              installments: 1,
            },
          });
        } finally {
          mockApplyFailure = null;
          quiet.mockRestore();
        }
        // Charged: 'temporarily unavailable' would have the shopper try a second card.
        expect(answer).toMatchObject({
          status: 200,
          body: { ok: true, method: 'card', status: 'approved' },
        });
        expect((await order(orderId)).status).toMatchObject({ confirmed: false });
        const [charged] = fake.paymentsOf(orderId);
        expect(charged).toMatchObject({ status: 'approved' });
        // Mercado Pago's notification, once Firestore answers again, pays the order.
        expect((await notify(String(charged!.id))).body).toMatchObject({ result: 'applied' });
        expect((await order(orderId)).status).toMatchObject({ confirmed: true });
      }
    } finally {
      process.env.BACKEND_DEADLINE_MS = deadline;
    }
  });
});

it('an open Pix paid just before a card is charged: the card is not charged and the Pix pays the order', async () => {
  const orderId = await place();
  const pix = await pay(ana, { orderId, method: 'pix' });
  if (!pix.body.ok || pix.body.method !== 'pix') throw new Error('expected a Pix');
  const pixId = pix.body.pix.paymentId;
  fake.setPayment({ ...fake.getPayment(pixId)!, status: 'approved' });
  const before = paymentPosts().length;
  const card = await pay(ana, {
    orderId,
    method: 'card',
    card: { token: 'card-after-paid-pix-1', paymentMethodId: 'visa', installments: 1 },
  });
  expect(card).toMatchObject({ status: 409, body: { ok: false, error: 'not-payable' } });
  expect(paymentPosts()).toHaveLength(before);
  expect(await order(orderId)).toMatchObject({
    status: { confirmed: true },
    payment: { status: 'approved', paymentId: pixId },
  });
});

describe('a delivery order with a fee', () => {
  const TABLE = {
    regions: [{ name: 'Centro', from: '01000000', to: '01599999', fee: 12, days: 1 }],
    freeAbove: 1000,
    dailyCapacity: 50,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    pickupDays: 1,
  };
  const delivery = {
    shippingOption: 'Entrega',
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      extra: '',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310-100',
    },
  };
  beforeAll(async () => {
    await db.doc(`${ROOT}/settings/delivery`).set(TABLE);
  });
  afterAll(async () => {
    await db.doc(`${ROOT}/settings/delivery`).delete();
  });

  it('charges the products and the fee, by Pix and by card, and the card pays the order', async () => {
    const pixOrder = await place(ana, delivery);
    // 2 x R$ 193,00 and the region's R$ 12,00 (a table stored in whole reais), in centavos.
    expect(await order(pixOrder)).toMatchObject({ deliveryFee: 1200, total: 39800 });
    expect((await pay(ana, { orderId: pixOrder, method: 'pix' })).status).toBe(200);
    expect(paymentPosts().at(-1)?.body).toMatchObject({
      payment_method_id: 'pix',
      transaction_amount: 398,
      external_reference: pixOrder,
    });

    const cardOrder = await place(ana, delivery);
    const answer = await pay(ana, {
      orderId: cardOrder,
      method: 'card',
      card: { token: 'card-delivery-fee-01', paymentMethodId: 'visa', installments: 1 },
    });
    expect(paymentPosts().at(-1)?.body).toMatchObject({
      token: 'card-delivery-fee-01',
      transaction_amount: 398,
      external_reference: cardOrder,
    });
    expect(answer.body).toEqual({ ok: true, method: 'card', status: 'approved' });
    // The paid amount is the order's total: the payment confirms it (no amount mismatch).
    expect(await order(cardOrder)).toMatchObject({
      status: { confirmed: true },
      payment: { status: 'approved' },
    });
  });
});

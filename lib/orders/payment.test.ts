// Integration tests of the Mercado Pago path against a private local Firebase and a local fake of
// the Mercado Pago REST API: preferences at checkout, retries, and the webhook.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

import {
  startFakeMercadoPago,
  type FakeMercadoPago,
  type FakePayment,
} from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import { as, mockHeadersModule, mockSessionModule, signedInUser } from '@/test/session-mock';
import { untilStockSeen } from '@/test/stock-view';

import { signatureManifest, signManifest } from '@/lib/payments/signature';

jest.mock('@/lib/session/session', () => mockSessionModule());
// Each shopper places orders from an address of their own.
jest.mock('next/headers', () => mockHeadersModule());

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';
const ACCESS_TOKEN = 'TEST-access-token-0123456789';
const SECRET = 'webhook-secret-for-tests';

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let orders: typeof import('@/lib/orders/place-order');
let paying: typeof import('@/lib/orders/order-payment');
let route: typeof import('@/app/api/mercadopago/webhook/route');

const ana = signedInUser({ uid: 'uid-ana', email: 'ana@example.com', name: 'Ana' });

// Every test starts with full rate-limit buckets (lib/rate-limit keeps them per process).
beforeEach(async () => (await import('@/lib/rate-limit')).resetRateLimiters());

let sequence = 0;
function nextOrderId(): string {
  sequence += 1;
  return `MPORDER${String(sequence).padStart(5, '0')}`;
}

async function place(lines: { key: string; quantity: number }[], locale = 'pt-BR') {
  const orderId = nextOrderId();
  const result = await as(ana, () =>
    orders.placeOrder({
      orderId,
      lines,
      shippingOption: 'Retirada',
      telephone: '11 91234-5678',
      locale,
    }),
  );
  return { orderId, result };
}

async function order(orderId: string) {
  return (await db.doc(`${ROOT}/orders/${orderId}`).get()).data() ?? {};
}

async function stock(key: string): Promise<unknown> {
  return (await db.doc(`${ROOT}/inventory/${key}`).get()).get('stock');
}

async function setStock(key: string, value: number) {
  await db.doc(`${ROOT}/inventory/${key}`).set({ stock: value });
  await untilStockSeen(key, value);
}

let paymentSequence = 1000;
function payment(orderId: string, fields: Partial<FakePayment> = {}): FakePayment {
  paymentSequence += 1;
  const created: FakePayment = {
    id: paymentSequence,
    status: 'approved',
    external_reference: orderId,
    transaction_amount: 0,
    currency_id: 'BRL',
    ...fields,
  };
  fake.setPayment(created);
  return created;
}

type NotifyOptions = {
  secret?: string;
  tsMs?: number;
  requestId?: string | null;
  signature?: string | null;
  url?: string;
  body?: string;
  type?: string;
  /** The sender's address (X-Forwarded-For); a new one per call unless given. */
  address?: string;
};

let requestSequence = 0;
/** Delivers a notification about payment `id` to the route, signed as Mercado Pago would. */
async function notify(id: string | number, options: NotifyOptions = {}) {
  const dataId = String(id);
  requestSequence += 1;
  const requestId = options.requestId === undefined ? `req-${requestSequence}` : options.requestId;
  const ts = String(Math.floor((options.tsMs ?? Date.now()) / 1000));
  const manifest = signatureManifest({ dataId, requestId, ts });
  const signature =
    options.signature === undefined
      ? `ts=${ts},v1=${signManifest(manifest, options.secret ?? SECRET)}`
      : options.signature;
  const headers = new Headers({
    'content-type': 'application/json',
    'x-forwarded-for': options.address ?? `198.18.${requestSequence >> 8}.${requestSequence & 255}`,
  });
  if (signature !== null) headers.set('x-signature', signature);
  if (requestId) headers.set('x-request-id', requestId);
  const url =
    options.url ??
    `http://localhost:3000/api/mercadopago/webhook?data.id=${encodeURIComponent(dataId)}&type=payment`;
  const body =
    options.body ??
    JSON.stringify({
      action: 'payment.updated',
      type: options.type ?? 'payment',
      data: { id: dataId },
    });
  const response = await route.POST(new Request(url, { method: 'POST', headers, body }));
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
  // Generous only for a loaded machine: the stack normally starts in a few seconds.
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  clients = adminClients(stack);
  db = clients.db;
  orders = await import('@/lib/orders/place-order');
  paying = await import('@/lib/orders/order-payment');
  route = await import('@/app/api/mercadopago/webhook/route');
}, 90_000);

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  await fake?.close();
});

// Each test starts with no open orders: the cap of three open orders per account
// (lib/orders/expiry.ts, tested in expiry.test.ts) is not what these tests are about.
afterEach(async () => {
  const open = await db.collection(`${ROOT}/orders`).where('status.confirmed', '==', false).get();
  await Promise.all(
    open.docs.map((doc) => doc.ref.update({ 'status.confirmed': true, statusKey: 'confirmed' })),
  );
});

describe('checkout with Mercado Pago', () => {
  it('creates a preference from the catalogue and stores it on the order', async () => {
    await setStock('ovo-pistache', 10);
    fake.reset();
    const { orderId, result } = await place([
      { key: 'ovo-pistache', quantity: 2 },
      { key: 'mini-ovo', quantity: 1 },
    ]);

    expect(result).toEqual({
      ok: true,
      orderId,
      payment: {
        mode: 'mercadopago',
        preferenceId: expect.stringMatching(/^fake-pref-/),
        // Test credentials pay in the sandbox.
        initPoint: expect.stringContaining('/sandbox/checkout/'),
      },
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/checkout/preferences');
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request?.headers['x-idempotency-key']).toBe(orderId);
    const returnUrl = `http://localhost:3000/pt-BR/checkout/${orderId}`;
    expect(request?.body).toEqual({
      items: [
        {
          id: 'ovo-pistache',
          title: 'Ovo Pistache',
          quantity: 2,
          unit_price: 193,
          currency_id: 'BRL',
        },
        { id: 'mini-ovo', title: 'Mini Ovo', quantity: 1, unit_price: 35, currency_id: 'BRL' },
      ],
      payer: { email: ana.email },
      external_reference: orderId,
      back_urls: { success: returnUrl, failure: returnUrl, pending: returnUrl },
      auto_return: 'approved',
      notification_url: 'http://localhost:3000/api/mercadopago/webhook',
      statement_descriptor: 'Chocolates Tropicais',
      // The checkout and a pending Pix lapse with the order (lib/orders/expiry.ts).
      expires: true,
      expiration_date_to: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/),
      date_of_expiration: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/),
    });
    const body = request?.body as { date_of_expiration?: string } | undefined;
    const expiresIn = Date.parse(String(body?.date_of_expiration)) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    const stored = await order(orderId);
    expect(stored.payment).toMatchObject({
      provider: 'mercadopago',
      status: 'pending',
      preferenceId:
        result.ok && result.payment.mode === 'mercadopago' && result.payment.preferenceId,
      attempts: 1,
    });
    expect(stored.status.waitingPayment).toBe(false);

    // A replay answers the stored preference without asking Mercado Pago again.
    const replay = await as(ana, () =>
      orders.placeOrder({
        orderId,
        lines: [{ key: 'mini-ovo', quantity: 1 }],
        shippingOption: 'Retirada',
        telephone: '11 91234-5678',
        locale: 'pt-BR',
      }),
    );
    expect(replay).toEqual(result);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps the order when the preference fails, and retryPayment makes a new one', async () => {
    fake.reset();
    fake.failPreferences(1);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { orderId, result } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const logged = errors.mock.calls.flat().join(' ');
    errors.mockRestore();

    expect(result).toEqual({ ok: true, orderId, payment: { mode: 'manual', paymentError: true } });
    expect(logged).not.toContain(ACCESS_TOKEN);
    expect((await order(orderId)).payment).toMatchObject({ status: 'error', preferenceId: null });

    const retry = await as(ana, () => paying.retryOrderPayment(orderId));
    expect(retry).toEqual({
      ok: true,
      orderId,
      payment: {
        mode: 'mercadopago',
        preferenceId: expect.any(String),
        initPoint: expect.any(String),
      },
    });
    expect(fake.requests.at(-1)?.headers['x-idempotency-key']).toBe(`${orderId}-retry-1`);
    expect((await order(orderId)).payment).toMatchObject({ status: 'pending', attempts: 2 });

    // An expired Pix: another retry gets another preference.
    const again = await as(ana, () => paying.retryOrderPayment(orderId));
    expect(again.ok && again.payment.preferenceId).not.toBe(retry.ok && retry.payment.preferenceId);
    expect(fake.requests.at(-1)?.headers['x-idempotency-key']).toBe(`${orderId}-retry-2`);

    fake.failPreferences(1);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await as(ana, () => paying.retryOrderPayment(orderId))).toEqual({
      ok: false,
      error: 'payment-unavailable',
    });
    quiet.mockRestore();
  });
});

describe('Mercado Pago webhook', () => {
  it('confirms a paid order on a valid signed notification', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 2 }]);
    const paid = payment(orderId, { transaction_amount: 70 });

    const response = await notify(paid.id);

    expect(response).toEqual({ status: 200, body: { ok: true, result: 'applied' } });
    const stored = await order(orderId);
    expect(stored.status).toMatchObject({
      confirmed: true,
      waitingPayment: false,
      cancelled: false,
    });
    expect(stored.payment).toMatchObject({ status: 'approved', paymentId: String(paid.id) });
    expect(stored.audit).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${paid.id}` });
    // Paid orders cannot be paid again.
    expect(await as(ana, () => paying.retryOrderPayment(orderId))).toEqual({
      ok: false,
      error: 'not-payable',
    });
  });

  it('marks a pending payment as waiting, then confirms it', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const pix = payment(orderId, { status: 'pending', transaction_amount: 35 });
    expect((await notify(pix.id)).body.result).toBe('applied');
    expect((await order(orderId)).status).toMatchObject({ waitingPayment: true, confirmed: false });
    fake.setPayment({ ...pix, status: 'approved' });
    expect((await notify(pix.id)).body.result).toBe('applied');
    expect((await order(orderId)).status).toMatchObject({ waitingPayment: false, confirmed: true });
    // Each status the payments moved it to is in the order page's history.
    const history = (await order(orderId)).statusHistory as { status: string; at: unknown }[];
    expect(history.map(({ status }) => status)).toEqual([
      'awaitingApproval',
      'waitingPayment',
      'confirmed',
    ]);
    for (const entry of history) expect(entry.at).toBeInstanceOf(Timestamp);
  });

  it('changes nothing for a forged signature, a replay, a wrong amount or an unknown order', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const before = await order(orderId);
    const paid = payment(orderId, { transaction_amount: 35 });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await notify(paid.id, { secret: 'guessed-secret' })).toEqual({
      status: 401,
      body: { ok: false, error: 'invalid-signature' },
    });
    expect((await notify(paid.id, { signature: null })).status).toBe(401);
    expect((await notify(paid.id, { signature: 'ts=1,v1=zz' })).status).toBe(401);
    // Signed for one request id, replayed with another.
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = signManifest(
      signatureManifest({ dataId: String(paid.id), requestId: 'a', ts }),
      SECRET,
    );
    expect((await notify(paid.id, { requestId: 'b', signature: `ts=${ts},v1=${v1}` })).status).toBe(
      401,
    );
    // Correctly signed, but six minutes old.
    expect((await notify(paid.id, { tsMs: Date.now() - 6 * 60_000 })).status).toBe(401);

    const cheap = payment(orderId, { transaction_amount: 1 });
    expect((await notify(cheap.id)).body).toEqual({ ok: true, result: 'amount-mismatch' });
    const dollars = payment(orderId, { transaction_amount: 35, currency_id: 'USD' });
    expect((await notify(dollars.id)).body).toEqual({ ok: true, result: 'amount-mismatch' });
    const stranger = payment('NOSUCHORDER1', { transaction_amount: 35 });
    expect((await notify(stranger.id)).body).toEqual({ ok: true, result: 'unknown-order' });
    const noReference = payment(orderId, { external_reference: null });
    expect((await notify(noReference.id)).body).toEqual({ ok: true, result: 'unknown-order' });
    warn.mockRestore();

    expect(await order(orderId)).toEqual(before);
    expect((await db.doc(`${ROOT}/orders/NOSUCHORDER1`).get()).exists).toBe(false);
  });

  it('applies 10 duplicate deliveries once', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const paid = payment(orderId, { transaction_amount: 35 });

    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(paid.id)));

    const results = responses.map((response) => response.body.result).sort();
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(results).toEqual(['applied', ...Array<string>(9).fill('duplicate')]);
    const stored = await order(orderId);
    expect(stored.audit).toHaveLength(1);
    expect(stored.payment.processed).toEqual([`${paid.id}:approved`]);
    expect(stored.status.confirmed).toBe(true);
  });

  it('keeps the order waiting with its stock on a declined card, then confirms on approval', async () => {
    await setStock('barra-tropical-parana', 10);
    const { orderId } = await place([{ key: 'barra-tropical-parana', quantity: 3 }]);
    expect(await stock('barra-tropical-parana')).toBe(7);
    const rejected = payment(orderId, { status: 'rejected', transaction_amount: 120 });

    const responses = await Promise.all(Array.from({ length: 5 }, () => notify(rejected.id)));
    expect(responses.map((response) => response.body.result).sort()).toEqual([
      'applied',
      ...Array<string>(4).fill('duplicate'),
    ]);
    const waiting = await order(orderId);
    expect(waiting.status).toMatchObject({
      waitingPayment: true,
      cancelled: false,
      confirmed: false,
    });
    expect(waiting.statusKey).toBe('waitingPayment');
    expect(waiting.stockReturned).not.toBe(true);
    expect(waiting.payment).toMatchObject({
      status: 'rejected',
      paymentId: String(rejected.id),
      processed: [`${rejected.id}:rejected`],
    });
    expect(waiting.audit).toHaveLength(1);
    expect(await stock('barra-tropical-parana')).toBe(7);

    // The same rejection delivered again later changes nothing.
    expect((await notify(rejected.id)).body.result).toBe('duplicate');
    expect(await order(orderId)).toEqual(waiting);
    // Still the shopper's to pay.
    expect(await as(ana, () => paying.retryOrderPayment(orderId))).toMatchObject({ ok: true });

    // Another card then pays: confirmed, with the units it held all along.
    const second = payment(orderId, { status: 'approved', transaction_amount: 120 });
    expect((await notify(second.id)).body.result).toBe('applied');
    const paid = await order(orderId);
    expect(paid.status).toMatchObject({ cancelled: false, confirmed: true, waitingPayment: false });
    expect(paid.payment).toMatchObject({ status: 'approved', paymentId: String(second.id) });
    expect(await stock('barra-tropical-parana')).toBe(7);

    // A failed third attempt does not undo the paid order.
    const third = payment(orderId, { status: 'rejected', transaction_amount: 120 });
    expect((await notify(third.id)).body.result).toBe('no-change');
    expect((await order(orderId)).status).toMatchObject({ cancelled: false, confirmed: true });
    expect((await order(orderId)).payment.status).toBe('approved');
    expect(await stock('barra-tropical-parana')).toBe(7);
  });

  it('cancels on a cancelled payment and returns the stock once', async () => {
    await setStock('barra-tropical-parana', 10);
    const { orderId } = await place([{ key: 'barra-tropical-parana', quantity: 3 }]);
    expect(await stock('barra-tropical-parana')).toBe(7);
    const cancelled = payment(orderId, { status: 'cancelled', transaction_amount: 120 });

    const responses = await Promise.all(Array.from({ length: 5 }, () => notify(cancelled.id)));
    expect(responses.filter((response) => response.body.result === 'applied')).toHaveLength(1);
    // The same payment later reported refunded: a new event, but nothing left to undo.
    fake.setPayment({ ...cancelled, status: 'refunded' });
    expect((await notify(cancelled.id)).body.result).toBe('no-change');

    expect(await stock('barra-tropical-parana')).toBe(10);
    const stored = await order(orderId);
    expect(stored.status).toMatchObject({ cancelled: true, confirmed: false });
    expect(stored.stockReturned).toBe(true);
    expect(stored.payment.status).toBe('cancelled');
    expect(await as(ana, () => paying.retryOrderPayment(orderId))).toMatchObject({
      error: 'not-payable',
    });

    // A second payment then goes through: the order stays cancelled, its units on the shelf, and
    // the payment is refunded (lib/orders/refunds.ts).
    const second = payment(orderId, { status: 'approved', transaction_amount: 120 });
    expect((await notify(second.id)).body.result).toBe('refund');
    await (await import('./refunds')).refundOwedPaymentsNow();
    expect(await stock('barra-tropical-parana')).toBe(10);
    expect((await order(orderId)).status).toMatchObject({ cancelled: true, confirmed: false });
    expect(fake.refundsOf(second.id)).toHaveLength(1);
  });

  it('never revives a cancelled order: a payment approved after it is refunded once, and the order stays cancelled', async () => {
    await setStock('barra-tropical-amazonas', 2);
    const { orderId } = await place([{ key: 'barra-tropical-amazonas', quantity: 2 }]);
    const cancelled = payment(orderId, { status: 'cancelled', transaction_amount: 80 });
    expect((await notify(cancelled.id)).body.result).toBe('applied');
    expect(await stock('barra-tropical-amazonas')).toBe(2);
    const late = payment(orderId, { status: 'approved', transaction_amount: 80 });
    const answers = await Promise.all([notify(late.id), notify(late.id), notify(late.id)]);
    expect(answers.map((answer) => answer.body.result).sort()).toEqual([
      'duplicate',
      'duplicate',
      'refund',
    ]);
    const { refundOwedPaymentsNow } = await import('./refunds');
    await refundOwedPaymentsNow();
    expect(fake.refundsOf(late.id)).toEqual([
      expect.objectContaining({ payment_id: late.id, amount: 80, status: 'approved' }),
    ]);
    expect(fake.getPayment(late.id)?.status).toBe('refunded');
    // Mercado Pago's notification of the refund changes nothing more.
    expect((await notify(late.id)).body.result).toBe('no-change');
    await refundOwedPaymentsNow();
    expect(fake.refundsOf(late.id)).toHaveLength(1);
    const stored = await order(orderId);
    expect(stored.status).toMatchObject({ cancelled: true, confirmed: false });
    // Stored in centavos (Mercado Pago's R$ 80).
    expect(stored.payment.refunds[String(late.id)]).toMatchObject({
      amount: 8000,
      state: 'refunded',
    });
    expect(await stock('barra-tropical-amazonas')).toBe(2);
  });

  it('keeps the first payment of a paid order, stores a second approved one and flags it', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const first = payment(orderId, { transaction_amount: 35 });
    expect((await notify(first.id)).body.result).toBe('applied');
    const second = payment(orderId, { transaction_amount: 35 });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await notify(second.id)).body.result).toBe('needs-review');
    const flagged = await order(orderId);
    expect(flagged.status).toMatchObject({ confirmed: true, cancelled: false });
    expect(flagged.payment).toMatchObject({
      status: 'needs-review',
      paymentId: String(first.id),
      extraPayments: [
        { paymentId: String(second.id), status: 'approved', at: expect.any(Timestamp) },
      ],
    });

    // Redeliveries of either payment change nothing more, also once the second payment's event
    // key has left the bounded `processed` list.
    expect((await notify(second.id)).body.result).toBe('duplicate');
    expect((await notify(first.id)).body.result).toBe('duplicate');
    await db.doc(`${ROOT}/orders/${orderId}`).update({ 'payment.processed': [] });
    expect((await notify(second.id)).body.result).toBe('no-change');
    warn.mockRestore();
    const after = await order(orderId);
    expect(after.payment).toMatchObject({
      status: 'needs-review',
      paymentId: String(first.id),
      extraPayments: flagged.payment.extraPayments,
    });
    expect(after.status).toEqual(flagged.status);

    // The panel's order carries the flag with both payment ids.
    const { listPanelOrders } = await import('@/lib/orders/repository/panel');
    const page = await listPanelOrders({
      status: null,
      shipping: null,
      q: orderId,
      after: null,
      before: null,
    });
    const listed = page.items.find((item) => item.orderId === orderId);
    expect(listed?.paymentReview).toEqual({
      paymentId: String(first.id),
      extraPayments: [
        { paymentId: String(second.id), status: 'approved', at: expect.stringMatching(/^\d{4}-/) },
      ],
    });
  });

  it('answers malformed and irrelevant notifications without 5xx', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const before = await order(orderId);
    const paid = payment(orderId, { transaction_amount: 35 });
    const base = 'http://localhost:3000/api/mercadopago/webhook';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await notify(paid.id, { url: `${base}?type=payment` })).status).toBe(400);
    expect((await notify('../../x', { url: `${base}?data.id=..%2F..%2Fx` })).status).toBe(400);
    expect((await notify('1'.repeat(65))).status).toBe(400);
    expect((await notify(paid.id, { body: '{not json' })).status).toBe(400);
    expect((await notify(paid.id, { body: '[1,2]' })).status).toBe(400);
    expect((await notify(paid.id, { body: 'x'.repeat(20_000) })).status).toBe(400);
    expect(
      (await notify(paid.id, { body: JSON.stringify({ type: 'payment', data: { id: '999' } }) }))
        .status,
    ).toBe(400);
    expect(await notify(paid.id, { type: 'merchant_order' })).toEqual({
      status: 200,
      body: { ok: true, result: 'ignored' },
    });
    expect((await notify('424242')).body).toEqual({ ok: true, result: 'unknown-payment' });
    warn.mockRestore();
    expect(await order(orderId)).toEqual(before);

    // Mercado Pago itself failing is not bad input: 503 makes it deliver again later.
    fake.failPayments(true);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = await notify(paid.id);
    const logged = errors.mock.calls.flat().join(' ');
    errors.mockRestore();
    fake.failPayments(false);
    expect(down.status).toBe(503);
    expect(logged).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(down.body)).not.toContain(SECRET);
    expect((await notify(paid.id)).body.result).toBe('applied');
  });
});

describe('the log of a webhook delivery', () => {
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

  it('is one webhook.handled JSON line per authentic delivery, with the outcome and payment id, and no credentials', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const paid = payment(orderId, { transaction_amount: 35 });
    env.NODE_ENV = 'production';
    const lines: string[] = [];
    for (const method of ['log', 'warn', 'error'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
    expect((await notify(paid.id, { requestId: 'mp-delivery-1' })).body.result).toBe('applied');
    expect((await notify(paid.id, { secret: 'guessed-secret' })).status).toBe(401);
    // Every line is JSON, the refused signature's summary line included.
    const handled = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'webhook.handled');
    expect(handled).toEqual([
      expect.objectContaining({
        level: 'info',
        event: 'webhook.handled',
        requestId: 'mp-delivery-1',
        status: 200,
        outcome: 'applied',
        paymentId: String(paid.id),
      }),
    ]);
    const text = lines.join('\n');
    expect(text).not.toContain(ACCESS_TOKEN);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(ana.email);
  });
});

describe('webhook floods and replays', () => {
  let webhook: typeof import('@/lib/payments/webhook');

  beforeAll(async () => {
    webhook = await import('@/lib/payments/webhook');
  });

  beforeEach(async () => {
    (await import('@/lib/rate-limit')).resetRateLimiters();
    webhook.resetWebhookState();
  });

  // The summary timer of the last refused signatures fires after the tests otherwise.
  afterAll(() => webhook.resetWebhookState());

  it('logs 1,000 invalid signatures in at most 10 lines', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let n = 0; n < 1000; n++) {
        const { status } = await notify(`forged-${n}`, { secret: 'not-the-secret' });
        expect(status).toBe(401);
      }
      webhook.flushSignatureFailures();
      const lines = warn.mock.calls.length + error.mock.calls.length;
      console.info(`1,000 invalid webhook signatures wrote ${lines} log line(s)`);
      expect(lines).toBeLessThanOrEqual(10);
      expect(String(warn.mock.calls.at(-1)?.[0])).toMatch(/webhook\.signature_refused count=999 /);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('answers 100 replays of one valid notification with one Mercado Pago call', async () => {
    const { orderId } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    const paid = payment(orderId);
    fake.requests.length = 0;
    const replays = await Promise.all(
      Array.from({ length: 100 }, () => notify(paid.id, { requestId: 'replayed-request' })),
    );
    expect(replays.every((reply) => reply.status === 200)).toBe(true);
    const lookups = fake.requests.filter((r) => r.path.startsWith(`/v1/payments/${paid.id}`));
    console.info(`100 replays made ${lookups.length} Mercado Pago call(s)`);
    expect(lookups).toHaveLength(1);
  });

  it('a notification handled on one instance is a duplicate on another, without asking Mercado Pago', async () => {
    await setStock('mini-ovo', 10);
    const { orderId, result } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    expect(result).toMatchObject({ ok: true });
    const paid = payment(orderId, { transaction_amount: 35 });
    expect((await notify(paid.id, { requestId: 'shared-delivery' })).body.result).toBe('applied');
    // Another instance (or this one restarted): its own memory is empty, Firestore is shared.
    webhook.resetWebhookState();
    fake.requests.length = 0;
    expect(await notify(paid.id, { requestId: 'shared-delivery' })).toEqual({
      status: 200,
      body: { ok: true, result: 'duplicate' },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('a failed handling is retried for real, on any instance', async () => {
    await setStock('mini-ovo', 10);
    const { orderId, result } = await place([{ key: 'mini-ovo', quantity: 1 }]);
    expect(result).toMatchObject({ ok: true });
    const paid = payment(orderId, { transaction_amount: 35 });
    fake.failPayments(true);
    try {
      expect((await notify(paid.id, { requestId: 'failed-delivery' })).status).toBe(503);
    } finally {
      fake.failPayments(false);
    }
    webhook.resetWebhookState();
    expect((await notify(paid.id, { requestId: 'failed-delivery' })).body.result).toBe('applied');
    expect((await order(orderId)).status.confirmed).toBe(true);
  });

  it('limits one source before any signature work (429 with Retry-After)', async () => {
    // The bucket refills 2 a second: its clock stands still, however slowly the machine serves.
    const now = Date.now();
    (await import('@/lib/rate-limit')).setRateLimitClock(() => now);
    const answers = [];
    for (let n = 0; n < 121; n++) {
      answers.push(await notify(`flood-${n}`, { address: '203.0.113.9', secret: 'bad' }));
    }
    expect(answers.slice(0, 120).every((answer) => answer.status === 401)).toBe(true);
    expect(answers[120]).toMatchObject({ status: 429, body: { error: 'rate-limited' } });
  });
});

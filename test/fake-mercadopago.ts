// A local stand-in for the Mercado Pago REST endpoints the shop calls, for tests:
// POST /checkout/preferences, POST /v1/payments (Pix and card), GET and PUT /v1/payments/{id},
// POST /v1/payments/{id}/refunds (the whole of an approved payment); for the club's subscriptions, POST /preapproval, GET and PUT /preapproval/{id}, and GET
// /authorized_payments/{id} (a subscription's monthly charge, made by the test). Payments are created by
// the shop or set by the test, a subscription's status by the test (the shopper authorising it) or
// a PUT; every request is recorded. A Pix payment carries what Mercado Pago's does: a BR Code
// (./fake-pix-code.ts) and a PNG of its QR code (./qr-png.ts), made by ./fake-payment.ts. A card token starting with
// 'reject' makes a rejected payment.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { makeFakePayment, type FakePayment } from './fake-payment';
import { fakeSubscriptions, type ChargeOptions } from './fake-subscriptions';

export type { FakePayment };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type FakeMercadoPago = {
  /** Use as MERCADOPAGO_API_BASE_URL. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds or replaces a payment served by GET /v1/payments/{id}. */
  setPayment: (payment: FakePayment) => void;
  /** A payment created or set so far (by id), as GET /v1/payments/{id} would answer it. */
  getPayment: (id: string | number) => FakePayment | undefined;
  /** The payments of order `externalReference`, oldest first. */
  paymentsOf: (externalReference: string) => FakePayment[];
  /** The next `count` POST /v1/payments answer 500. */
  failPaymentCreation: (count: number) => void;
  /**
   * Holds every POST /v1/payments (or, with `only`, the requests it picks) unanswered and
   * undone until `release()`: a test sees how many were asked for while they are in flight, or
   * makes something happen meanwhile. `held()` counts them.
   */
  holdPayments: (only?: (request: { method: string; path: string }) => boolean) => {
    held: () => number;
    release: () => void;
  };
  /** The refunds made of payment `id` (POST /v1/payments/{id}/refunds), oldest first. */
  refundsOf: (id: string | number) => Record<string, unknown>[];
  /** The next `count` refund requests answer 500. */
  failRefunds: (count: number) => void;
  /** The next `count` preference requests answer 500. */
  failPreferences: (count: number) => void;
  /** Payment lookups answer 500 while true. */
  failPayments: (fail: boolean) => void;
  /**
   * Every subscription call (/preapproval, /authorized_payments) answers 500 while true; with
   * 'updates', only the changes of a subscription (PUT /preapproval/{id}).
   */
  failPreapprovals: (fail: boolean | 'updates') => void;
  /** The subscription `id` as served now (undefined when none was created). */
  preapproval: (id: string) => Record<string, unknown> | undefined;
  /** Sets a subscription's status as Mercado Pago would (the shopper authorised it, say). */
  setPreapprovalStatus: (id: string, status: string) => void;
  /**
   * Makes a monthly charge of the subscription `preapprovalId`, as Mercado Pago does on each
   * due date, its payment approved or rejected; answers its id (served by GET
   * /authorized_payments/{id}). `id` given replaces that charge (a retry of a rejected one).
   */
  chargePreapproval: (preapprovalId: string, options?: ChargeOptions) => string;
  reset: () => void;
  close: () => Promise<void>;
};

const MAX_BODY = 1024 * 1024;

/** Starts the fake on a free 127.0.0.1 port; requests need `Authorization: Bearer <accessToken>`. */
export async function startFakeMercadoPago(accessToken: string): Promise<FakeMercadoPago> {
  const payments = new Map<string, FakePayment>();
  const requests: RecordedRequest[] = [];
  // Mercado Pago answers a repeated X-Idempotency-Key with the first response.
  const byIdempotencyKey = new Map<string, unknown>();
  let preferenceFailures = 0;
  let paymentFailures = false;
  let paymentCreationFailures = 0;
  let refundFailures = 0;
  let heldPayments: (() => void)[] | null = null;
  let holding: (request: { method: string; path: string }) => boolean = () => false;
  const refunds = new Map<string, Record<string, unknown>[]>();
  let nextRefundId = 2_900_000_000;
  let preferenceCount = 0;
  // Mercado Pago's payment ids are large numbers.
  let nextPaymentId = 1_310_000_000;
  const subscriptions = fakeSubscriptions(() => (nextPaymentId += 1));
  let preapprovalFailures: boolean | 'updates' = false;
  let baseUrl = '';

  /** A payment as POST /v1/payments makes it (./fake-payment.ts), or what it refuses. */
  const createPayment = (body: unknown) =>
    makeFakePayment(body, () => (nextPaymentId += 1), baseUrl);

  const listener: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });

      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        send(401, { message: 'invalid access token', status: 401 });
        return;
      }
      if (request.method === 'POST' && path === '/checkout/preferences') {
        if (preferenceFailures > 0) {
          preferenceFailures -= 1;
          send(500, { message: 'internal error', status: 500 });
          return;
        }
        const key = request.headers['x-idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          send(201, byIdempotencyKey.get(key));
          return;
        }
        preferenceCount += 1;
        const id = `fake-pref-${preferenceCount}`;
        const created = {
          id,
          init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `${baseUrl}/sandbox/checkout/v1/redirect?pref_id=${id}`,
          ...(typeof body === 'object' && body !== null ? body : {}),
        };
        if (typeof key === 'string') byIdempotencyKey.set(key, created);
        send(201, created);
        return;
      }
      if (request.method === 'POST' && path === '/v1/payments') {
        if (paymentCreationFailures > 0) {
          paymentCreationFailures -= 1;
          send(500, { message: 'internal error', status: 500 });
          return;
        }
        const key = request.headers['x-idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          send(201, byIdempotencyKey.get(key));
          return;
        }
        const created = createPayment(body);
        if ('error' in created) {
          send(400, { message: created.error, status: 400 });
          return;
        }
        payments.set(String(created.id), created);
        if (typeof key === 'string') byIdempotencyKey.set(key, created);
        send(201, created);
        return;
      }
      if (
        (preapprovalFailures === true && /^\/(preapproval|authorized_payments)(\/|$)/.test(path)) ||
        (preapprovalFailures === 'updates' &&
          request.method === 'PUT' &&
          /^\/preapproval\//.test(path))
      ) {
        send(500, { message: 'internal error', status: 500 });
        return;
      }
      if (request.method === 'POST' && path === '/preapproval') {
        const key = request.headers['x-idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          send(201, byIdempotencyKey.get(key));
          return;
        }
        const created = subscriptions.create(body, baseUrl);
        if (typeof key === 'string') byIdempotencyKey.set(key, created);
        send(201, created);
        return;
      }
      const preapproval = /^\/preapproval\/([^/]+)$/.exec(path);
      if (preapproval?.[1] && (request.method === 'GET' || request.method === 'PUT')) {
        const id = decodeURIComponent(preapproval[1]);
        const status = (body as { status?: unknown } | null)?.status;
        const found =
          request.method === 'PUT' && typeof status === 'string'
            ? subscriptions.changeStatus(id, status)
            : subscriptions.get(id);
        if (!found) send(404, { message: 'Preapproval not found', status: 404 });
        else send(200, found);
        return;
      }
      const charge = /^\/authorized_payments\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && charge?.[1]) {
        const found = subscriptions.authorizedPayment(decodeURIComponent(charge[1]));
        if (!found) send(404, { message: 'Authorized payment not found', status: 404 });
        else send(200, found);
        return;
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (request.method === 'POST' && refund?.[1]) {
        if (refundFailures > 0) {
          refundFailures -= 1;
          send(500, { message: 'internal error', status: 500 });
          return;
        }
        const key = request.headers['x-idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          send(201, byIdempotencyKey.get(key));
          return;
        }
        const id = decodeURIComponent(refund[1]);
        const payment = payments.get(id);
        // A full refund, of an approved payment only (Mercado Pago answers 400 otherwise).
        if (!payment) send(404, { message: 'Payment not found', status: 404 });
        else if (payment.status !== 'approved') {
          send(400, {
            message: `Payment in status ${payment.status} cannot be refunded`,
            status: 400,
          });
        } else {
          nextRefundId += 1;
          const made = {
            id: nextRefundId,
            payment_id: payment.id,
            amount: payment.transaction_amount,
            status: 'approved',
            date_created: new Date().toISOString(),
          };
          Object.assign(payment, { status: 'refunded', status_detail: 'refunded' });
          refunds.set(id, [...(refunds.get(id) ?? []), made]);
          if (typeof key === 'string') byIdempotencyKey.set(key, made);
          send(201, made);
        }
        return;
      }
      const match = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (request.method === 'PUT' && match?.[1]) {
        // Mercado Pago cancels a payment only while it waits (a Pix not paid yet, say).
        const payment = payments.get(decodeURIComponent(match[1]));
        const status = (body as { status?: unknown } | null)?.status;
        if (!payment) send(404, { message: 'Payment not found', status: 404 });
        else if (status !== 'cancelled' || !['pending', 'in_process'].includes(payment.status)) {
          send(400, { message: 'Invalid status update', status: 400 });
        } else {
          Object.assign(payment, { status: 'cancelled', status_detail: 'by_collector' });
          send(200, payment);
        }
        return;
      }
      if (request.method === 'GET' && match?.[1]) {
        if (paymentFailures) {
          send(500, { message: 'internal error', status: 500 });
          return;
        }
        const payment = payments.get(decodeURIComponent(match[1]));
        if (!payment) send(404, { message: 'Payment not found', status: 404 });
        else send(200, payment);
        return;
      }
      send(404, { message: 'not found', status: 404 });
    });
  };
  // A held request waits, its body unread, until the test releases it.
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (heldPayments && holding({ method: request.method ?? '', path })) {
      heldPayments.push(() => listener(request, response));
      return;
    }
    listener(request, response);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    requests,
    setPayment: (payment) => payments.set(String(payment.id), payment),
    getPayment: (id) => payments.get(String(id)),
    paymentsOf: (externalReference) =>
      [...payments.values()].filter((payment) => payment.external_reference === externalReference),
    failPaymentCreation: (count) => {
      paymentCreationFailures = count;
    },
    holdPayments: (only = (r) => r.method === 'POST' && r.path === '/v1/payments') => {
      const held: (() => void)[] = [];
      heldPayments = held;
      holding = only;
      return {
        held: () => held.length,
        release: () => {
          if (heldPayments === held) heldPayments = null;
          for (const handle of held.splice(0)) handle();
        },
      };
    },
    refundsOf: (id) => refunds.get(String(id)) ?? [],
    failRefunds: (count) => {
      refundFailures = count;
    },
    failPreferences: (count) => {
      preferenceFailures = count;
    },
    failPayments: (fail) => {
      paymentFailures = fail;
    },
    failPreapprovals: (fail) => {
      preapprovalFailures = fail;
    },
    preapproval: (id) => subscriptions.get(id),
    setPreapprovalStatus: (id, status) => {
      subscriptions.changeStatus(id, status);
    },
    chargePreapproval: (preapprovalId, options) => subscriptions.charge(preapprovalId, options),
    reset: () => {
      payments.clear();
      subscriptions.clear();
      preapprovalFailures = false;
      requests.length = 0;
      byIdempotencyKey.clear();
      preferenceFailures = 0;
      paymentFailures = false;
      paymentCreationFailures = 0;
      refundFailures = 0;
      refunds.clear();
      for (const handle of heldPayments?.splice(0) ?? []) handle();
      heldPayments = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

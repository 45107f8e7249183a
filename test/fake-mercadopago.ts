// A local stand-in for the Mercado Pago REST endpoints the shop calls, for tests:
// POST /checkout/preferences, POST /v1/payments (Pix and card), GET and PUT /v1/payments/{id},
// POST /v1/payments/{id}/refunds (the whole of an approved payment); for the club's subscriptions, POST /preapproval, GET and PUT /preapproval/{id}, and GET
// /authorized_payments/{id} (a subscription's monthly charge, made by the test). Payments are created by
// the shop or set by the test, a subscription's status by the test (the shopper authorising it) or
// a PUT; every request is recorded. A Pix payment carries what Mercado Pago's does: a BR Code
// (lib/payments/pix-code.ts) and a PNG of its QR code (./qr-png.ts). A card token starting with
// 'reject' makes a rejected payment.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { buildPixCode } from '../lib/payments/pix-code';
import { qrPng } from './qr-png';

export type FakePayment = {
  id: string | number;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  [field: string]: unknown;
};

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
  chargePreapproval: (
    preapprovalId: string,
    options?: {
      paymentStatus?: 'approved' | 'rejected';
      amount?: number;
      debitDate?: string;
      id?: string;
    },
  ) => string;
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
  const preapprovals = new Map<string, Record<string, unknown>>();
  let preapprovalCount = 0;
  let preapprovalFailures: boolean | 'updates' = false;
  const authorizedPayments = new Map<string, Record<string, unknown>>();
  // Mercado Pago's authorized payment ids are numbers.
  let nextAuthorizedPaymentId = 7_000_000_000;
  // last_modified moves forward on every change, even within one millisecond.
  let clock = Date.now();
  const modified = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString();
  const changeStatus = (id: string, status: string) => {
    const current = preapprovals.get(id);
    if (!current) return undefined;
    const next = {
      ...current,
      status,
      last_modified: modified(),
      next_payment_date:
        status === 'authorized' ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null,
    };
    preapprovals.set(id, next);
    return next;
  };
  let baseUrl = '';

  /** A payment as POST /v1/payments makes it, or what it refuses. */
  const createPayment = (body: unknown): FakePayment | { error: string } => {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const amount = input.transaction_amount;
    const method = input.payment_method_id;
    const email = (input.payer as { email?: unknown } | undefined)?.email;
    if (typeof amount !== 'number' || !(amount > 0)) return { error: 'invalid transaction_amount' };
    if (typeof method !== 'string') return { error: 'payment_method_id required' };
    if (typeof email !== 'string' || !email.includes('@')) return { error: 'payer.email required' };
    nextPaymentId += 1;
    const id = nextPaymentId;
    const now = new Date().toISOString().replace('Z', '+00:00');
    const common = {
      id,
      date_created: now,
      currency_id: 'BRL',
      transaction_amount: amount,
      external_reference:
        typeof input.external_reference === 'string' ? input.external_reference : null,
      description: input.description ?? null,
      payer: { email },
    };
    if (method === 'pix') {
      if (typeof input.date_of_expiration !== 'string') return { error: 'date_of_expiration' };
      // A dynamic code: the location identifies this payment, as Mercado Pago's do.
      const location = `qr.fake-mercadopago.test/pix/v2/${String(id).padStart(32, '0')}`;
      const qrCode = buildPixCode({
        location,
        amount,
        merchantName: 'Fake Mercado Pago Loja',
        merchantCity: 'SAO PAULO',
        txid: `MP${id}`,
      });
      return {
        ...common,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        date_of_expiration: input.date_of_expiration,
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: qrCode,
            qr_code_base64: qrPng(qrCode).toString('base64'),
            ticket_url: `${baseUrl}/payments/${id}/ticket`,
          },
        },
      };
    }
    if (typeof input.token !== 'string' || input.token.length === 0) return { error: 'token' };
    const rejected = input.token.startsWith('reject');
    return {
      ...common,
      status: rejected ? 'rejected' : 'approved',
      status_detail: rejected ? 'cc_rejected_other_reason' : 'accredited',
      payment_method_id: method,
      payment_type_id: 'credit_card',
      installments: input.installments ?? 1,
    };
  };

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
        preapprovalCount += 1;
        const id = `fakepre${preapprovalCount}`;
        const created = {
          ...(typeof body === 'object' && body !== null ? body : {}),
          id,
          status: 'pending',
          init_point: `${baseUrl}/subscriptions/checkout?preapproval_id=${id}`,
          date_created: new Date().toISOString(),
          last_modified: modified(),
          next_payment_date: null,
        };
        preapprovals.set(id, created);
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
            ? changeStatus(id, status)
            : preapprovals.get(id);
        if (!found) send(404, { message: 'Preapproval not found', status: 404 });
        else send(200, found);
        return;
      }
      const charge = /^\/authorized_payments\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && charge?.[1]) {
        const found = authorizedPayments.get(decodeURIComponent(charge[1]));
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
    preapproval: (id) => preapprovals.get(id),
    setPreapprovalStatus: (id, status) => {
      changeStatus(id, status);
    },
    chargePreapproval: (preapprovalId, options = {}) => {
      const paymentStatus = options.paymentStatus ?? 'approved';
      const id = options.id ?? String((nextAuthorizedPaymentId += 1));
      const subscription = preapprovals.get(preapprovalId);
      const recurring = subscription?.auto_recurring as
        { transaction_amount?: unknown } | undefined;
      const amount =
        options.amount ??
        (typeof recurring?.transaction_amount === 'number' ? recurring.transaction_amount : 0);
      const now = new Date().toISOString();
      nextPaymentId += 1;
      authorizedPayments.set(id, {
        id: Number(id),
        type: 'scheduled',
        preapproval_id: preapprovalId,
        external_reference: subscription?.external_reference ?? null,
        currency_id: 'BRL',
        transaction_amount: amount,
        date_created: now,
        last_modified: now,
        debit_date: options.debitDate ?? now,
        // Mercado Pago keeps retrying ('recycling') a rejected charge.
        status: paymentStatus === 'approved' ? 'processed' : 'recycling',
        retry_attempt: paymentStatus === 'approved' ? 0 : 1,
        payment: {
          id: nextPaymentId,
          status: paymentStatus,
          status_detail:
            paymentStatus === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount',
        },
      });
      return id;
    },
    reset: () => {
      authorizedPayments.clear();
      payments.clear();
      preapprovals.clear();
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

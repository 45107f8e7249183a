// A local stand-in for the Mercado Pago REST endpoints the shop calls, for tests:
// POST /checkout/preferences and GET /v1/payments/{id}; for the club's subscriptions, POST
// /preapproval, GET and PUT /preapproval/{id}. Payments are set by the test, a subscription's
// status by the test (the shopper authorising it) or a PUT; every request is recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /** The next `count` preference requests answer 500. */
  failPreferences: (count: number) => void;
  /** Payment lookups answer 500 while true. */
  failPayments: (fail: boolean) => void;
  /** Every subscription call (POST, GET, PUT /preapproval) answers 500 while true. */
  failPreapprovals: (fail: boolean) => void;
  /** The subscription `id` as served now (undefined when none was created). */
  preapproval: (id: string) => Record<string, unknown> | undefined;
  /** Sets a subscription's status as Mercado Pago would (the shopper authorised it, say). */
  setPreapprovalStatus: (id: string, status: string) => void;
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
  let preferenceCount = 0;
  const preapprovals = new Map<string, Record<string, unknown>>();
  let preapprovalCount = 0;
  let preapprovalFailures = false;
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

  const server = http.createServer((request, response) => {
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
      if (preapprovalFailures && /^\/preapproval(\/|$)/.test(path)) {
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
      const match = /^\/v1\/payments\/([^/]+)$/.exec(path);
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
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    requests,
    setPayment: (payment) => payments.set(String(payment.id), payment),
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
    reset: () => {
      payments.clear();
      preapprovals.clear();
      preapprovalFailures = false;
      requests.length = 0;
      byIdempotencyKey.clear();
      preferenceFailures = 0;
      paymentFailures = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

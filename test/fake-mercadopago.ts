// A local stand-in for the two Mercado Pago REST endpoints the shop calls, for tests:
// POST /checkout/preferences and GET /v1/payments/{id}. Payments are set by the test; every
// request is recorded.
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
    reset: () => {
      payments.clear();
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

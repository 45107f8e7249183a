// The part of Mercado Pago's REST API that placing an order calls (POST /checkout/preferences),
// for `npm run bench:race`: a script version of the preference endpoint of
// test/fake-mercadopago.ts (same answers: an id, init_point and sandbox_init_point, the first
// answer again for a repeated X-Idempotency-Key), on 127.0.0.1. Every other path answers 404.
import http from 'node:http';

/** Starts the fake on `port` (0: a free one); requests need `Authorization: Bearer <token>`. */
export async function startFakePreferences(accessToken, port = 0) {
  const byKey = new Map();
  let count = 0;
  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        send(401, { message: 'invalid access token', status: 401 });
        return;
      }
      if (request.method !== 'POST' || request.url?.split('?')[0] !== '/checkout/preferences') {
        send(404, { message: 'not found', status: 404 });
        return;
      }
      const key = request.headers['x-idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) {
        send(201, byKey.get(key));
        return;
      }
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        send(400, { message: 'malformed JSON', status: 400 });
        return;
      }
      count += 1;
      const id = `bench-pref-${count}`;
      const created = {
        id,
        init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `${baseUrl}/sandbox/checkout/v1/redirect?pref_id=${id}`,
        ...body,
      };
      if (typeof key === 'string') byKey.set(key, created);
      send(201, created);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    baseUrl,
    preferences: () => count,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

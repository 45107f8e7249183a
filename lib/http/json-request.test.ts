import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { JsonRequestError, requestJson } from './json-request';

type Seen = { method?: string; headers: http.IncomingHttpHeaders; body: string };

describe('requestJson', () => {
  let server: http.Server;
  let base: string;
  let seen: Seen[];
  let handle: (request: http.IncomingMessage, response: http.ServerResponse) => void;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        handle(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    seen = [];
    handle = (_request, response) => {
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ id: 'pref-1', título: 'Ovo de Páscoa' }));
    };
  });

  it('sends the JSON body and headers, and answers the status and the parsed body', async () => {
    const answer = await requestJson(`${base}/checkout/preferences?x=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer token', 'X-Idempotency-Key': 'order-1' },
      body: { title: 'Trufa de maracujá', quantity: 2 },
      timeoutMs: 10_000,
    });
    expect(answer).toEqual({ status: 201, body: { id: 'pref-1', título: 'Ovo de Páscoa' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ title: 'Trufa de maracujá', quantity: 2 }),
      headers: {
        authorization: 'Bearer token',
        'user-agent': 'chocolate-shop (node)',
        'x-idempotency-key': 'order-1',
        'content-type': 'application/json',
        'content-length': String(
          Buffer.byteLength(JSON.stringify({ title: 'Trufa de maracujá', quantity: 2 })),
        ),
      },
    });
  });

  it('sends no body on a GET and reuses the connection', async () => {
    const ports = new Set<number>();
    handle = (request, response) => {
      ports.add(request.socket.remotePort ?? 0);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"status":"approved"}');
    };
    for (let i = 0; i < 3; i += 1) {
      expect(
        await requestJson(`${base}/v1/payments/1`, {
          method: 'GET',
          headers: {},
          timeoutMs: 10_000,
        }),
      ).toEqual({ status: 200, body: { status: 'approved' } });
    }
    expect(seen.map(({ body, headers }) => [body, headers['content-length']])).toEqual([
      ['', undefined],
      ['', undefined],
      ['', undefined],
    ]);
    expect(ports.size).toBe(1);
  });

  it('sends a request lost on a kept connection once more on a new one, when that is safe', async () => {
    const perSocket = new Map<unknown, number>();
    handle = (request, response) => {
      const count = (perSocket.get(request.socket) ?? 0) + 1;
      perSocket.set(request.socket, count);
      // The server drops a kept connection as the second request on it arrives.
      if (count === 2) {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    };
    const get = () =>
      requestJson(`${base}/v1/payments/1`, { method: 'GET', headers: {}, timeoutMs: 10_000 });
    expect(await get()).toEqual({ status: 200, body: { ok: true } });
    expect(await get()).toEqual({ status: 200, body: { ok: true } });
    // The second GET went out twice: lost on the kept connection, answered on a new one.
    expect(seen).toHaveLength(3);
    expect(perSocket.size).toBe(2);

    const post = (headers: Record<string, string>) =>
      requestJson(`${base}/v1/payments`, { method: 'POST', headers, body: {}, timeoutMs: 10_000 });
    expect(await post({ 'X-Idempotency-Key': 'pay-1' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(perSocket.size).toBe(3);
    // Without an idempotency key a POST is never sent twice: the loss is the answer.
    await expect(post({})).rejects.toMatchObject({ name: 'ECONNRESET' });
    expect(perSocket.size).toBe(3);
  });

  it('answers a null body when the answer is empty or not JSON, with its status', async () => {
    handle = (_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    expect(await requestJson(base, { method: 'GET', headers: {}, timeoutMs: 10_000 })).toEqual({
      status: 502,
      body: null,
    });
    handle = (_request, response) => {
      response.writeHead(204);
      response.end();
    };
    expect(await requestJson(base, { method: 'PUT', headers: {}, timeoutMs: 10_000 })).toEqual({
      status: 204,
      body: null,
    });
  });

  it('gives up with TimeoutError when no whole answer comes in time', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"partial":');
      // ...and never the rest.
    };
    const started = Date.now();
    const error = await requestJson(base, { method: 'GET', headers: {}, timeoutMs: 300 }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(JsonRequestError);
    expect((error as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails, naming why, when the connection breaks after the answer started', async () => {
    handle = (request, response) => {
      response.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      response.write('{"id":"pref-');
      setTimeout(() => request.socket.destroy(), 20);
    };
    const error = await requestJson(base, { method: 'GET', headers: {}, timeoutMs: 5000 }).catch(
      (failure: unknown) => failure,
    );
    // Never the status with a partial body: a 201 without its body is no answer.
    expect(error).toBeInstanceOf(JsonRequestError);
    expect(['ResponseAborted', 'ResponseError', 'ECONNRESET']).toContain((error as Error).name);
  });

  it('names a refused connection and an unsupported protocol', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      requestJson(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {}, timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ name: 'ECONNREFUSED' });
    await expect(
      requestJson('ftp://127.0.0.1/', { method: 'GET', headers: {}, timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ name: 'UnsupportedProtocol' });
  });

  it('refuses an answer larger than a megabyte', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }));
    };
    await expect(
      requestJson(base, { method: 'GET', headers: {}, timeoutMs: 5000 }),
    ).rejects.toMatchObject({ name: 'ResponseTooLarge' });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SOCKET_ADDRESS_HEADER } from './client-address';
import { installHttpServerGuard } from './http-server-guard';

function send(
  port: number,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, method, path: '/pt-BR', headers };
    const request = http.request(options, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('installHttpServerGuard', () => {
  it('answers TRACE with 405 before the listener, and leaves other methods alone', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.method ?? '');
      // What Next does with every request: a WHATWG Request, which throws on TRACE.
      new Request('http://127.0.0.1/', { method: req.method });
      res.end('ok');
    });
    installHttpServerGuard();
    installHttpServerGuard(); // idempotent
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await send(port, 'TRACE')).toEqual({
        status: 405,
        allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      });
      // Node's own parser already refuses TRACK (400); nothing reaches Next.
      expect((await send(port, 'TRACK')).status).toBe(400);
      expect((await send(port, 'GET')).status).toBe(200);
      // A malformed router state is a 400; a well-formed one goes through.
      const bad = { rsc: '1', 'next-router-state-tree': '%7Bbad' };
      expect((await send(port, 'GET', bad)).status).toBe(400);
      const good = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }]));
      expect((await send(port, 'GET', { rsc: '1', 'next-router-state-tree': good })).status).toBe(
        200,
      );
      expect(seen).toEqual(['GET', 'GET']);
    } finally {
      server.close();
    }
  });

  it('stamps the socket peer on every request, replacing a copy the client sent', async () => {
    const seen: (string | string[] | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers[SOCKET_ADDRESS_HEADER]);
      res.end('ok');
    });
    installHttpServerGuard();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await send(port, 'GET');
      await send(port, 'GET', {
        [SOCKET_ADDRESS_HEADER]: '203.0.113.66',
        'x-forwarded-for': '1.2.3.4',
      });
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      server.close();
    }
  });
});

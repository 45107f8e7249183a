import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

import { SOCKET_ADDRESS_HEADER } from './client-address';
import { addQuickAnswer, holdsActionBody, installHttpServerGuard } from './http-server-guard';

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

describe('Server Action bodies', () => {
  async function withServer(
    run: (port: number, seen: { method: string; url: string; body: string }[]) => Promise<void>,
  ) {
    const seen: { method: string; url: string; body: string }[] = [];
    const server = http.createServer(async (req, res) => {
      // What Next's action handler does: read the whole body as a stream.
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString() });
      res.end('ran');
    });
    installHttpServerGuard();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run((server.address() as AddressInfo).port, seen);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  function post(port: number, path: string, headers: Record<string, string>, body: string) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path, headers },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** Sends half of a declared body, then disconnects. */
  function abortMidBody(port: number, headers: string) {
    return new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /pt-BR/x.y HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Length: 100\r\n\r\n[{"a":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 30);
      });
    });
  }

  it('reach the listener complete, and an aborted one never does', async () => {
    await withServer(async (port, seen) => {
      const uncaught = jest.fn();
      process.on('uncaughtException', uncaught);
      try {
        for (let i = 0; i < 20; i++) {
          await abortMidBody(port, 'Next-Action: abc\r\nContent-Type: text/plain\r\n');
          await abortMidBody(port, 'Content-Type: multipart/form-data; boundary=x\r\n');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(seen).toEqual([]);
        const body = JSON.stringify([{ displayName: 'x'.repeat(100_000) }]);
        expect(await post(port, '/pt-BR/x.y', { 'next-action': 'abc' }, body)).toEqual({
          status: 200,
          text: 'ran',
        });
        expect(seen).toEqual([{ method: 'POST', url: '/pt-BR/x.y', body }]);
        expect(uncaught).not.toHaveBeenCalled();
      } finally {
        process.removeListener('uncaughtException', uncaught);
      }
    });
  });

  it('over 1 MB: 413 before the listener', async () => {
    await withServer(async (port, seen) => {
      const body = 'x'.repeat(1024 * 1024 + 1);
      const response = await post(port, '/pt-BR', { 'next-action': 'abc' }, body);
      expect(response.status).toBe(413);
      expect(seen).toEqual([]);
    });
  });

  it('holds only what Next may run as an action', () => {
    const hold = (method: string, url: string, headers: Record<string, string>) =>
      holdsActionBody({ method, url, headers });
    expect(hold('POST', '/pt-BR/x.y', { 'next-action': 'abc' })).toBe(true);
    expect(hold('POST', '/api/x', { 'next-action': 'abc' })).toBe(true);
    expect(hold('POST', '/pt-BR', { 'content-type': 'multipart/form-data; boundary=x' })).toBe(
      true,
    );
    expect(hold('POST', '/en', { 'content-type': 'application/x-www-form-urlencoded' })).toBe(true);
    expect(
      hold('POST', '/api/webhooks/x', { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toBe(false);
    expect(hold('POST', '/api/session', { 'content-type': 'application/json' })).toBe(false);
    expect(hold('GET', '/pt-BR', { 'next-action': 'abc' })).toBe(false);
  });
});

describe('quick answers', () => {
  it("answer their route's requests themselves, or hand them on with their whole body", async () => {
    const seen: { url: string; body: string }[] = [];
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push({ url: req.url!, body: Buffer.concat(chunks).toString() });
      res.end('app');
    });
    installHttpServerGuard();
    addQuickAnswer({
      method: 'POST',
      path: '/quick',
      maxBodyBytes: 100,
      answer: async (_request, body) =>
        body.toString() === 'sold out'
          ? { status: 409, headers: { 'Cache-Control': 'no-store' }, body: '{"ok":false}' }
          : null,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const post = (path: string, body: string) =>
      new Promise<{ status: number; text: string; type?: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path,
            headers: { 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, text, type: res.headers['content-type'] }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    try {
      expect(await post('/quick?x=1', 'sold out')).toEqual({
        status: 409,
        text: '{"ok":false}',
        type: 'application/json',
      });
      expect(await post('/quick', 'in stock')).toMatchObject({ status: 200, text: 'app' });
      // A larger body than the quick answer reads, and another path, go to the app unread.
      const large = 'y'.repeat(101);
      expect(await post('/quick', large)).toMatchObject({ status: 200, text: 'app' });
      expect(await post('/other', 'sold out')).toMatchObject({ status: 200, text: 'app' });
      expect(seen).toEqual([
        { url: '/quick', body: 'in stock' },
        { url: '/quick', body: large },
        { url: '/other', body: 'sold out' },
      ]);
    } finally {
      server.close();
    }
  });
});

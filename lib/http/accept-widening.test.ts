import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

import { EXTRA_ACCEPTORS, installAcceptWidening, widenAccept } from './accept-widening';

function serve(): http.Server {
  return http.createServer((request, response) => response.end(`served ${request.url}`));
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Opens `count` connections at once, all of them in the kernel's accept queue before the event
 * loop polls again, and says how many the busiest turn of the loop accepted.
 */
async function mostAcceptedInOneTurn(port: number, count: number) {
  let turn = 0;
  const acceptedIn: number[] = [];
  // Every server's accepted sockets, the widened server's acceptors' too.
  const onConnection = (message: unknown) => {
    if ((message as { socket: net.Socket }).socket.localPort === port) acceptedIn.push(turn);
  };
  subscribe('net.server.socket', onConnection);
  let counting = true;
  const tick = () => {
    turn += 1;
    if (counting) setImmediate(tick);
  };
  // Connecting to an address starts on the next tick, all of them together; a loopback handshake
  // completes inside connect(), so all wait in the kernel's queue when the loop next polls.
  const clients = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'));
  setImmediate(tick);
  const deadline = Date.now() + 5000;
  while (acceptedIn.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  counting = false;
  unsubscribe('net.server.socket', onConnection);
  expect(acceptedIn).toHaveLength(count);
  for (const client of clients) client.destroy();
  const perTurn = new Map<number, number>();
  for (const at of acceptedIn) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
  return Math.max(...perTurn.values());
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('widenAccept', () => {
  it('lets one turn of the event loop accept many waiting connections, where Node accepts one', async () => {
    const plain = serve();
    const plainPort = await listen(plain);
    const widened = serve();
    const widenedPort = await listen(widened);
    try {
      expect(await widenAccept(widened)).toBe(EXTRA_ACCEPTORS);
      expect(await mostAcceptedInOneTurn(plainPort, 20)).toBe(1);
      const most = await mostAcceptedInOneTurn(widenedPort, 20);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(EXTRA_ACCEPTORS + 1);
    } finally {
      await close(plain);
      await close(widened);
    }
  });

  it('serves every request with the server’s own handler and timeouts', async () => {
    const acceptorTimeouts: number[] = [];
    const server = http.createServer((request, response) => {
      const acceptedBy = (request.socket as net.Socket & { server?: http.Server }).server;
      if (acceptedBy && acceptedBy !== server) acceptorTimeouts.push(acceptedBy.keepAliveTimeout);
      response.end(`served ${request.url}`);
    });
    server.keepAliveTimeout = 1234;
    const port = await listen(server);
    try {
      await widenAccept(server);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => get(port, `/request-${i}`)),
      );
      expect(answers).toEqual(
        Array.from({ length: 40 }, (_, i) => ({ status: 200, body: `served /request-${i}` })),
      );
      // Forty connections at once spread over the descriptors.
      expect(acceptorTimeouts.length).toBeGreaterThan(0);
      expect(new Set(acceptorTimeouts)).toEqual(new Set([1234]));
    } finally {
      await close(server);
    }
  });

  it('closes once the requests on every descriptor have been answered', async () => {
    let received = 0;
    const onAcceptors: string[] = [];
    const server = http.createServer((request, response) => {
      received += 1;
      // The server's own requests are answered at once, its acceptors' ones later.
      if ((request.socket as net.Socket & { server?: unknown }).server === server) {
        response.end('at once');
        return;
      }
      response.on('finish', () => onAcceptors.push('answered'));
      setTimeout(() => response.end('later'), 300);
    });
    const port = await listen(server);
    await widenAccept(server);
    const answers = Array.from({ length: 16 }, (_, i) => get(port, `/request-${i}`));
    while (received < 16) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    onAcceptors.push('closed');
    const bodies = (await Promise.all(answers)).map(({ body }) => body);
    const later = bodies.filter((body) => body === 'later').length;
    expect(later).toBeGreaterThan(0);
    expect(bodies.filter((body) => body === 'at once')).toHaveLength(16 - later);
    expect(onAcceptors).toEqual([...Array.from({ length: later }, () => 'answered'), 'closed']);
  });

  it('ends requests on every descriptor when all connections are closed after close()', async () => {
    let received = 0;
    const server = http.createServer(() => {
      received += 1; // never answered
    });
    const port = await listen(server);
    await widenAccept(server);
    const answers = Array.from({ length: 16 }, (_, i) =>
      get(port, `/hanging-${i}`).catch((error: NodeJS.ErrnoException) => error.code),
    );
    while (received < 16) await new Promise((resolve) => setTimeout(resolve, 10));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 16 }, () => 'ECONNRESET'));
  });

  it('lets go of the socket at once, not after the helper’s 5 s, when the server closes while it is being widened', async () => {
    const server = serve();
    const port = await listen(server);
    const widening = widenAccept(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The kernel may release the last descriptor, the one on its way to the helper, a moment
    // after the helper is gone: a connection in that moment is reset rather than refused.
    // Well under the helper's 5 s, with room for a machine busy with other work.
    const refusedBy = Date.now() + 3000;
    let outcome = '';
    while (outcome !== 'ECONNREFUSED' && Date.now() < refusedBy) {
      outcome = await get(port, '/after-close').then(
        () => 'served',
        (error: NodeJS.ErrnoException) => error.code ?? 'error',
      );
      if (outcome !== 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(outcome).toBe('ECONNREFUSED');
    expect(await widening).toBeLessThanOrEqual(EXTRA_ACCEPTORS);
  });

  it('goes on with the server’s own descriptor when no helper can be started', async () => {
    const server = serve();
    const port = await listen(server);
    // Out of descriptors, spawning fails at once (before the helper has a pid).
    const held: number[] = [];
    let widening: Promise<number>;
    try {
      try {
        for (;;) held.push(fs.openSync('/dev/null', 'r'));
      } catch {
        // the process's limit
      }
      widening = widenAccept(server);
    } finally {
      for (const fd of held) fs.closeSync(fd);
    }
    expect(held.length).toBeGreaterThan(0);
    expect(await widening).toBe(0);
    expect(await get(port, '/still-served')).toEqual({ status: 200, body: 'served /still-served' });
    await close(server);
  });

  it('stops accepting on every descriptor when the server closes', async () => {
    const server = serve();
    const port = await listen(server);
    await widenAccept(server);
    await close(server);
    await expect(get(port, '/after-close')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('installAcceptWidening', () => {
  // The patch is the process's: later suites in this worker get Node's own listen back.
  afterAll(() => {
    const proto = http.Server.prototype as unknown as Record<string | symbol, unknown>;
    delete proto.listen;
    delete proto[Symbol.for('chocolate-shop.acceptWidening')];
  });

  it('widens a server once it listens, and reports how many descriptors it added', async () => {
    const reported: number[] = [];
    const heard = new Promise<void>((resolve) =>
      installAcceptWidening((added) => {
        reported.push(added);
        resolve();
      }),
    );
    const server = serve();
    const port = await listen(server);
    try {
      await heard;
      expect(reported).toEqual([EXTRA_ACCEPTORS]);
      expect(await mostAcceptedInOneTurn(port, 20)).toBeGreaterThan(1);
    } finally {
      await close(server);
    }
  });
});

// GET /api/health against a private local Firebase. Firestore is reached through a TCP relay
// that this test closes and reopens on the same port: to the app that is exactly the emulator
// stopping (connections refused) and starting again.
import net from 'node:net';

import { deleteApp } from 'firebase-admin/app';

import {
  applyTestFirebaseEnv,
  freePorts,
  startTestFirebase,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.setTimeout(120_000);

// Every check the route starts, kept so that teardown can wait for the ones it abandoned at the
// deadline (Firestore keeps retrying them; one ending after Jest's teardown crashes the run).
const checks: Promise<unknown>[] = [];
jest.mock('@/lib/deadline', () => {
  const actual = jest.requireActual<typeof import('@/lib/deadline')>('@/lib/deadline');
  return {
    ...actual,
    withDeadline: <T>(work: Promise<T>, ms: number, label: string) => {
      checks.push(work);
      return actual.withDeadline(work, ms, label);
    },
  };
});

type HealthRoute = typeof import('./route');

/** A TCP relay on 127.0.0.1:port to target that can be closed (refusing) and reopened. */
function relay(port: number, target: string) {
  const [host, targetPort] = [target.slice(0, target.lastIndexOf(':')), target.split(':').pop()];
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(targetPort), host);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => {});
            socket.on('close', () => sockets.delete(socket));
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
  };
}

let stack: TestFirebase;
let firestoreRelay: ReturnType<typeof relay>;
let route: HealthRoute;

async function health() {
  const started = performance.now();
  const response = await route.GET(new Request('http://shop.test/api/health'));
  return {
    ms: performance.now() - started,
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    text: await response.text(),
  };
}

beforeAll(async () => {
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  const relayPort = (await freePorts()).firestore;
  firestoreRelay = relay(relayPort, stack.firestoreHost);
  await firestoreRelay.open();
  applyTestFirebaseEnv(stack);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${relayPort}`;
  route = await import('./route');
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(checks);
  const { getAdminApp } = await import('@/lib/firebase/admin');
  await deleteApp(getAdminApp());
  await firestoreRelay?.close();
  await stack?.stop();
});

/**
 * Health until it answers 200, bounded: a cold gRPC channel (the first call) or one reconnecting
 * with its backoff of a few seconds may miss the 2 s check, the more so on a busy machine.
 */
async function healthOnceUp() {
  let answer = await health();
  const until = Date.now() + 30_000;
  while (answer.status !== 200 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await health();
  }
  return answer;
}

test('200 with the three fields when Firestore and Auth answer; 503 naming firestore within 3 s while it is down; 200 again once it is back', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const up = await healthOnceUp();
  expect(up.status).toBe(200);
  expect(JSON.parse(up.text)).toEqual({ status: 'ok', firestore: 'ok', auth: 'ok' });
  expect(up.cacheControl).toBe('no-store');

  await firestoreRelay.close();
  const down = await health();
  expect(down.status).toBe(503);
  expect(JSON.parse(down.text)).toEqual({ status: 'error', firestore: 'error', auth: 'ok' });
  expect(down.cacheControl).toBe('no-store');
  expect(down.ms).toBeLessThanOrEqual(3_000);
  expect(down.text).not.toContain(stack.projectId);

  await firestoreRelay.open();
  const again = await healthOnceUp();
  expect(again.status).toBe(200);
  expect(JSON.parse(again.text)).toEqual({ status: 'ok', firestore: 'ok', auth: 'ok' });
});

// Fault suite: what a signed-in shopper gets while Auth or Firestore is down or frozen, against a
// private local Firebase. Auth is taken away by pointing firebase-admin (which reads
// FIREBASE_AUTH_EMULATOR_HOST on every call) at a closed port or at a server that never answers;
// Firestore is frozen by SIGSTOP of the process that holds it (the in-process emulator).
import { execFileSync } from 'node:child_process';
import net from 'node:net';

import en from '@/messages/en.json';
import pt from '@/messages/pt-BR.json';
import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);
// The user page's texts, from the real message files.
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (namespace: string) => (key: string) =>
    (jest.requireActual('@/messages/en.json') as Record<string, Record<string, string>>)[
      namespace
    ]?.[key] ?? key,
}));

jest.setTimeout(120_000);

const URL = 'http://shop.test/api/session';
/** Every request must answer within this, whatever the backend does. */
const MAX_ANSWER_MS = 5000;

let stack: TestFirebase;
let clients: AdminClients;
let route: typeof import('./route');
let authHost: string;
let blackHole: net.Server;
let blackHolePort: number;
let closedPort: number;

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** The pid of the process listening on a local TCP port (Linux `ss`). */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${out}`);
  return Number(pid);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

const read = () => route.GET(new Request(URL, { headers: { 'x-forwarded-for': '192.0.2.50' } }));

beforeAll(async () => {
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  clients = adminClients(stack);
  authHost = stack.authHost;
  route = await import('./route');
  // A server that accepts connections and never answers: a frozen Auth.
  blackHole = net.createServer(() => {});
  blackHolePort = await listen(blackHole);
  const closed = net.createServer();
  closedPort = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  // The app's own deadline, not the relaxed one of the other suites (test/jest-env.js).
  process.env.BACKEND_DEADLINE_MS = '3000';
});

afterAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  blackHole?.close();
  await clients?.close();
  await stack?.stop();
});

let sessionCookie: string;

beforeEach(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  cookieJar.reset();
  const { idToken } = await signInWithPassword(
    authHost,
    'cliente@chocolates.local',
    'cliente-chocolate-123',
  );
  const created = await route.POST(
    new Request(URL, {
      method: 'POST',
      headers: { origin: 'http://shop.test', 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    }),
  );
  expect(created.status).toBe(200);
  sessionCookie = cookieJar.cookies.get('__session')?.value ?? '';
  expect(sessionCookie).not.toBe('');
  cookieJar.writes.length = 0;
});

async function expectUnavailableKeepingCookie() {
  const { value: response, ms } = await timed(read);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ error: 'unavailable' });
  expect(ms).toBeLessThan(MAX_ANSWER_MS);
  // The cookie is neither deleted nor rewritten.
  expect(cookieJar.writes).toEqual([]);
  expect(cookieJar.cookies.get('__session')?.value).toBe(sessionCookie);
  return ms;
}

async function expectSignedInAgain() {
  const response = await read();
  expect(response.status).toBe(200);
  expect((await response.json()).user).toMatchObject({ uid: 'seed-shopper' });
}

describe('Auth down', () => {
  it('stopped (connection refused): 503, cookie kept; back up: the same session works', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${closedPort}`;
    const ms = await expectUnavailableKeepingCookie();
    console.log(`Auth stopped: /api/session answered 503 in ${ms} ms`);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    await expectSignedInAgain();
  });

  it('frozen (never answers): 503 within 5 s, cookie kept; back: the same session works', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${blackHolePort}`;
    const ms = await expectUnavailableKeepingCookie();
    console.log(`Auth frozen: /api/session answered 503 in ${ms} ms`);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    await expectSignedInAgain();
  });

  it('the user page says temporarily unavailable, in both languages', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${closedPort}`;
    const page = (await import('@/app/[locale]/usuario/page')).default;
    const { value: element, ms } = await timed(() =>
      page({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({}) }),
    );
    expect(ms).toBeLessThan(MAX_ANSWER_MS);
    const text = JSON.stringify(element);
    expect(text).toContain(en.Resilience.unavailableTitle);
    expect(text).toContain(en.Resilience.unavailable);
    expect(pt.Resilience.unavailable).toMatch(/indisponível/);
    expect(cookieJar.writes).toEqual([]);
  });
});

describe('Firestore frozen (SIGSTOP)', () => {
  it('503 within 5 s with the cookie kept; resumed: the same session works', async () => {
    const pid = listenerPid(Number(stack.firestoreHost.split(':').at(-1)));
    process.kill(pid, 'SIGSTOP');
    let ms: number;
    try {
      ms = await expectUnavailableKeepingCookie();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    console.log(`Firestore frozen: /api/session answered 503 in ${ms} ms`);
    await expectSignedInAgain();
  });
});

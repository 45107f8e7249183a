// Fault suite: what a signed-in shopper gets while Auth or Firestore is frozen, against a private
// local Firebase: SIGSTOP of the process listening on the Auth emulator's port, or of the one
// holding the in-process Firestore emulator; SIGCONT brings them back.
import { execFileSync } from 'node:child_process';

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
});

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
});

let sessionCookie: string;

beforeEach(async () => {
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

/**
 * Runs `work` while the process listening on `port` is stopped, with the app's own 3 s deadline
 * (not the relaxed one test/jest-env.js sets for cold channels); resumes it whatever happens.
 */
async function whileFrozen<T>(port: number, work: () => Promise<T>): Promise<T> {
  const pid = listenerPid(port);
  const relaxed = process.env.BACKEND_DEADLINE_MS;
  process.env.BACKEND_DEADLINE_MS = '3000';
  process.kill(pid, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(pid, 'SIGCONT');
    process.env.BACKEND_DEADLINE_MS = relaxed;
  }
}

const authPort = () => Number(authHost.split(':').at(-1));

describe('Auth frozen (SIGSTOP)', () => {
  it('503 within 5 s, cookie kept; resumed: the same session works', async () => {
    const ms = await whileFrozen(authPort(), expectUnavailableKeepingCookie);
    console.log(`Auth frozen: /api/session answered 503 in ${ms} ms`);
    await expectSignedInAgain();
  });

  it('the user page says temporarily unavailable, within 5 s, keeping the cookie', async () => {
    const page = (await import('@/app/[locale]/usuario/page')).default;
    const { value: element, ms } = await whileFrozen(authPort(), () =>
      timed(() =>
        page({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({}) }),
      ),
    );
    expect(ms).toBeLessThan(MAX_ANSWER_MS);
    // The page answers with <ServiceUnavailable />, an async server component: render it too.
    const { type, props } = element as unknown as {
      type: (props: unknown) => Promise<unknown>;
      props: unknown;
    };
    const text = JSON.stringify(await type(props));
    expect(text).toContain(en.Resilience.unavailableTitle);
    expect(text).toContain(en.Resilience.unavailable);
    expect(pt.Resilience.unavailableTitle).toBe('Temporariamente indisponível');
    expect(cookieJar.writes).toEqual([]);
    await expectSignedInAgain();
  });

  it('the control panel says temporarily unavailable, not the sign-in form or an error', async () => {
    const layout = (await import('@/app/[locale]/control-panel/layout')).default;
    const page = (await import('@/app/[locale]/control-panel/page')).default;
    const params = Promise.resolve({ locale: 'en' as const });
    const { value: rendered, ms } = await whileFrozen(authPort(), () =>
      // In parallel, as Next renders a layout and its page.
      timed(() =>
        Promise.all([
          layout({ params, children: null }),
          page({ params, searchParams: Promise.resolve({}) }),
        ]),
      ),
    );
    expect(ms).toBeLessThan(MAX_ANSWER_MS);
    for (const element of rendered) {
      // Server components: render the returned element one level (ServiceUnavailable is async).
      const { type, props } = element as { type: (p: unknown) => Promise<unknown>; props: unknown };
      const text = JSON.stringify(await type(props));
      expect(text).toContain(en.Resilience.unavailableTitle);
      expect(text).toContain(en.Resilience.unavailable);
    }
    expect(cookieJar.writes).toEqual([]);
  });
});

describe('Firestore frozen (SIGSTOP)', () => {
  it('503 within 5 s with the cookie kept; resumed: the same session works', async () => {
    const firestorePort = Number(stack.firestoreHost.split(':').at(-1));
    const ms = await whileFrozen(firestorePort, expectUnavailableKeepingCookie);
    console.log(`Firestore frozen: /api/session answered 503 in ${ms} ms`);
    await expectSignedInAgain();
  });
});

// Fault suite: what a signed-in shopper gets while Auth or Firestore is frozen or stopped, against
// a private local Firebase. Frozen: SIGSTOP of the process listening on the Auth emulator's port,
// or of the one holding the in-process Firestore emulator; SIGCONT brings them back. Stopped: the
// Auth emulator killed (the launcher restarts it, scripts/local-firebase/start.mjs), or the whole
// stack stopped, both ports closed, then started again on the same ports and data (firebase-admin
// keeps the host:port it read at its first call).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import en from '@/messages/en.json';
import pt from '@/messages/pt-BR.json';
import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import {
  adminClients,
  listening,
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
  getMessages: async () => jest.requireActual('@/messages/en.json'),
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
  stack = await startTestFirebase({ timeoutMs: 80_000, privateAuth: true });
  clients = adminClients(stack);
  authHost = stack.authHost;
  route = await import('./route');
});

/** A data folder this suite must remove itself (kept across a restart of the stack). */
let keptDataDir: string | undefined;

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  if (keptDataDir) fs.rmSync(keptDataDir, { recursive: true, force: true });
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
    const page = (await import('@/app/[locale]/control-panel/orders/page')).default;
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

/** Polls `check` every 250 ms until it holds; resolves with the time it took. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

/** The user and checkout pages, rendered for the current cookie: the text each shows. */
async function renderedPages(): Promise<{ ms: number; texts: string[] }> {
  const userPage = (await import('@/app/[locale]/usuario/page')).default;
  const checkoutPage = (await import('@/app/[locale]/checkout/page')).default;
  const params = Promise.resolve({ locale: 'en' as const });
  const { value: elements, ms } = await timed(() =>
    Promise.all([
      userPage({ params, searchParams: Promise.resolve({}) }),
      checkoutPage({ params }),
    ]),
  );
  const texts = await Promise.all(
    elements.map(async (element) => {
      // Server components: render the returned element one level (ServiceUnavailable is async).
      const { type, props } = element as unknown as {
        type: string | ((p: unknown) => Promise<unknown>);
        props: unknown;
      };
      return JSON.stringify(typeof type === 'function' ? await type(props) : element);
    }),
  );
  return { ms, texts };
}

function expectUnavailablePages({ ms, texts }: { ms: number; texts: string[] }) {
  expect(ms).toBeLessThan(MAX_ANSWER_MS);
  for (const text of texts) {
    expect(text).toContain(en.Resilience.unavailableTitle);
    expect(text).toContain(en.Resilience.unavailable);
  }
}

describe('Auth emulator stopped (killed)', () => {
  it('503 within 5 s, cookie kept, the pages say so; restarted by the launcher: the same session works', async () => {
    // The emulator (firebase-tools) listens on the hub port; its process group is the one the
    // launcher started. The Auth port itself belongs to the launcher's front, which holds
    // requests while the emulator is restarted (scripts/local-firebase/auth-front.mjs).
    const cli = listenerPid(stack.ports.hub);
    const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(cli)]).toString());
    const outputBefore = stack.output().length;
    const relaxed = process.env.BACKEND_DEADLINE_MS;
    process.env.BACKEND_DEADLINE_MS = '3000';
    // The launcher restarts the emulator within seconds, on a fast machine within the deadline:
    // the test holds the restart back until it has seen the outage.
    await stack.holdAuthRestarts(true);
    const killedAt = Date.now();
    try {
      process.kill(-group, 'SIGKILL');
      const [ms, pages] = await Promise.all([expectUnavailableKeepingCookie(), renderedPages()]);
      console.log(`Auth emulator killed: /api/session answered 503 in ${ms} ms`);
      expectUnavailablePages(pages);
      console.log(`Auth emulator killed: the user and checkout pages answered in ${pages.ms} ms`);
      expect(cookieJar.writes).toEqual([]);
    } finally {
      process.env.BACKEND_DEADLINE_MS = relaxed;
      await stack.holdAuthRestarts(false);
    }
    await until(
      async () => /Auth emulator restarted/.test(stack.output().slice(outputBefore)),
      90_000,
      'the launcher restarting the Auth emulator',
    );
    console.log(
      `Auth emulator killed: restarted by the launcher ${Date.now() - killedAt} ms later`,
    );
    await expectSignedInAgain();
    expect(cookieJar.cookies.get('__session')?.value).toBe(sessionCookie);
  });
});

describe('Auth and Firestore stopped (the whole local Firebase, both ports closed)', () => {
  it('503 within 5 s, cookie kept, the pages say so; restarted on the same ports: the same session works', async () => {
    const { dataDir, ports } = stack;
    keptDataDir = dataDir;
    await stack.stop({ keepDataDir: true });
    expect(await listening(ports.auth)).toBe(false);
    expect(await listening(ports.firestore)).toBe(false);
    const relaxed = process.env.BACKEND_DEADLINE_MS;
    process.env.BACKEND_DEADLINE_MS = '3000';
    try {
      const ms = await expectUnavailableKeepingCookie();
      console.log(`Auth and Firestore stopped: /api/session answered 503 in ${ms} ms`);
      const pages = await renderedPages();
      expectUnavailablePages(pages);
      console.log(`Auth and Firestore stopped: the pages answered in ${pages.ms} ms`);
      expect(cookieJar.writes).toEqual([]);
    } finally {
      process.env.BACKEND_DEADLINE_MS = relaxed;
    }

    stack = await startTestFirebase({ dataDir, ports, timeoutMs: 80_000 });
    expect(stack.authHost).toBe(authHost);
    // The first calls may meet channels still backing off from the outage: measure how long
    // until the same cookie is accepted again.
    const backMs = await until(
      async () => (await read()).status === 200,
      30_000,
      'the same session after the restart',
    );
    console.log(`Auth and Firestore restarted: the same session was accepted after ${backMs} ms`);
    await expectSignedInAgain();
    expect(cookieJar.writes).toEqual([]);
  });
});

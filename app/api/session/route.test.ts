// Integration tests of the session API against a private local Firebase, calling the route
// handlers directly; next/headers cookies() is a cookie jar (test/auth-emulator.ts).
import type { Firestore } from 'firebase-admin/firestore';

import { resetRateLimiters } from '@/lib/rate-limit';
import {
  cookieJar,
  nextSecond,
  signInAnonymously,
  signInWithGoogle,
  signInWithPassword,
} from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);

jest.setTimeout(30_000);

type SessionRoute = typeof import('./route');
type ConfigRoute = typeof import('../auth/config/route');

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let route: SessionRoute;
let configRoute: ConfigRoute;

const URL = 'http://shop.test/api/session';
const ORIGIN = 'http://shop.test';
const users = 'projects/chocolate-shop/users';

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ stack, clients, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  route = await import('./route');
  configRoute = await import('../auth/config/route');
}, 90_000);

beforeEach(() => {
  cookieJar.reset();
  resetRateLimiters();
});

type PostOptions = {
  origin?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
};

function post(
  body: BodyInit,
  { origin = ORIGIN, contentType = 'application/json', headers = {} }: PostOptions = {},
) {
  const all: Record<string, string> = { ...headers };
  if (origin !== null) all.origin = origin;
  if (contentType !== null) all['content-type'] = contentType;
  return route.POST(new Request(URL, { method: 'POST', headers: all, body }));
}

function postToken(idToken: unknown, options?: PostOptions) {
  return post(JSON.stringify({ idToken }), options);
}

/** GET /api/session from one client address (the rate limits count per address). */
function read(address = '192.0.2.1') {
  return new Request(URL, { headers: { 'x-forwarded-for': address } });
}

function remove(origin: string | null = ORIGIN) {
  const headers: Record<string, string> = origin === null ? {} : { origin };
  return route.DELETE(new Request(URL, { method: 'DELETE', headers }));
}

async function shopperToken() {
  return (
    await signInWithPassword(stack.authHost, 'cliente@chocolates.local', 'cliente-chocolate-123')
  ).idToken;
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  // Only the code: no token, message or stack trace goes back.
  expect(await response.json()).toEqual({ error });
  expect(cookieJar.cookies.size).toBe(0);
}

describe('POST /api/session refuses', () => {
  it('a missing, opaque or foreign Origin', async () => {
    const idToken = await shopperToken();
    await expectError(await postToken(idToken, { origin: null }), 403, 'forbidden-origin');
    await expectError(await postToken(idToken, { origin: 'null' }), 403, 'forbidden-origin');
    await expectError(
      await postToken(idToken, { origin: 'http://evil.test' }),
      403,
      'forbidden-origin',
    );
    await expectError(
      await postToken(idToken, { origin: 'http://shop.test.evil.test' }),
      403,
      'forbidden-origin',
    );
  });

  it('does not create a user record for a refused request', async () => {
    const { idToken, localId } = await signInWithGoogle(stack.authHost, {
      sub: 'google-refused',
      email: 'refused@example.com',
      name: 'Refused',
    });
    await expectError(
      await postToken(idToken, { origin: 'http://evil.test' }),
      403,
      'forbidden-origin',
    );
    expect((await db.doc(`${users}/${localId}`).get()).exists).toBe(false);
  });

  it('a body that is not JSON', async () => {
    const idToken = await shopperToken();
    await expectError(
      await postToken(idToken, { contentType: 'text/plain' }),
      415,
      'unsupported-media-type',
    );
    await expectError(
      await postToken(idToken, { contentType: 'application/x-www-form-urlencoded' }),
      415,
      'unsupported-media-type',
    );
    await expectError(
      await postToken(idToken, { contentType: null }),
      415,
      'unsupported-media-type',
    );
    await expectError(await post('{"idToken": '), 400, 'invalid-json');
    await expectError(await post(new Uint8Array([0x7b, 0xff, 0x7d])), 400, 'invalid-json');
  });

  it('a body over 8 KB, whether declared or streamed', async () => {
    const big = JSON.stringify({ idToken: 'x'.repeat(9 * 1024) });
    await expectError(await post(big), 400, 'body-too-large');
    await expectError(
      await post('{}', { headers: { 'content-length': String(1024 * 1024) } }),
      400,
      'body-too-large',
    );
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Endless: the handler must stop reading on its own.
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await route.POST(
      new Request(URL, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    await expectError(response, 400, 'body-too-large');
    expect(sent).toBeLessThan(20);
  });

  it('extra keys and wrong shapes', async () => {
    const idToken = await shopperToken();
    await expectError(await post(JSON.stringify({ idToken, isAdmin: true })), 400, 'invalid-body');
    await expectError(await post(JSON.stringify({ token: idToken })), 400, 'invalid-body');
    await expectError(await post(JSON.stringify([idToken])), 400, 'invalid-body');
    await expectError(await post(JSON.stringify(idToken)), 400, 'invalid-body');
    await expectError(await postToken(42), 400, 'invalid-body');
    await expectError(await postToken(''), 400, 'invalid-body');
  });

  it('a bad or forged token', async () => {
    await expectError(await postToken('not-a-token'), 401, 'invalid-token');
    const idToken = await shopperToken();
    await expectError(await postToken(`${idToken}x`), 401, 'invalid-token');
    const [header, , signature] = idToken.split('.');
    const otherAudience = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()),
        aud: 'other',
      }),
    ).toString('base64url');
    await expectError(
      await postToken(`${header}.${otherAudience}.${signature}`),
      401,
      'invalid-token',
    );
  });

  it('a provider the shop does not use', async () => {
    const { idToken, localId } = await signInAnonymously(stack.authHost);
    await expectError(await postToken(idToken), 403, 'unsupported-provider');
    expect((await db.doc(`${users}/${localId}`).get()).exists).toBe(false);
  });

  it('a sign-in older than five minutes', async () => {
    const idToken = await shopperToken();
    const realNow = Date.now();
    const spy = jest.spyOn(Date, 'now').mockImplementation(() => realNow + 6 * 60 * 1000);
    try {
      await expectError(await postToken(idToken), 401, 'stale-sign-in');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a session', () => {
  it('is created, read, cleared and revoked', async () => {
    const idToken = await shopperToken();
    const created = await postToken(idToken);
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { user } = await created.json();
    expect(user).toEqual({
      uid: 'seed-shopper',
      email: 'cliente@chocolates.local',
      name: 'Cliente Exemplo',
      avatarURL: null,
      isAdmin: false,
      isMember: false,
      telephone: '+55 11 91234-5678',
      address: {
        city: 'São Paulo',
        street: 'Avenida Paulista',
        number: '1000',
        extra: 'Apto 42',
        postalCode: '01310-100',
        neighborhood: 'Bela Vista',
        state: 'SP',
      },
    });

    const cookie = cookieJar.cookies.get('__session');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(idToken);
    expect(cookie?.options).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 5 * 24 * 60 * 60,
    });
    const sessionCookie = cookie?.value ?? '';
    await expect(clients.auth.verifySessionCookie(sessionCookie, true)).resolves.toMatchObject({
      uid: 'seed-shopper',
    });

    const answer = await route.GET(read());
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ user });

    // Revocation has one-second resolution: a cookie from the same second as the revocation
    // would still verify.
    await nextSecond();
    const cleared = await remove();
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ user: null });
    expect(cookieJar.cookies.has('__session')).toBe(false);
    expect(cookieJar.writes.at(-1)).toMatchObject({
      name: '__session',
      value: '',
      options: { maxAge: 0 },
    });

    await expect(clients.auth.verifySessionCookie(sessionCookie, true)).rejects.toMatchObject({
      code: 'auth/session-cookie-revoked',
    });
    // A copy of the old cookie no longer signs anyone in, and is dropped.
    cookieJar.cookies.set('__session', { value: sessionCookie, options: {} });
    expect(await (await route.GET(read())).json()).toEqual({ user: null });
    expect(cookieJar.cookies.has('__session')).toBe(false);
  });

  it('is not cleared by a request from another origin', async () => {
    await postToken(await shopperToken());
    const sessionCookie = cookieJar.cookies.get('__session')?.value ?? '';
    const response = await remove('http://evil.test');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'forbidden-origin' });
    expect(cookieJar.cookies.get('__session')?.value).toBe(sessionCookie);
    expect(await remove(null).then((r) => r.status)).toBe(403);
    await expect(clients.auth.verifySessionCookie(sessionCookie, true)).resolves.toBeTruthy();
  });

  it('reads as signed out without a cookie or with a forged one', async () => {
    expect(await (await route.GET(read())).json()).toEqual({ user: null });
    cookieJar.cookies.set('__session', { value: 'forged', options: {} });
    expect(await (await route.GET(read())).json()).toEqual({ user: null });
    expect(cookieJar.cookies.has('__session')).toBe(false);
    const cleared = await remove();
    expect(await cleared.json()).toEqual({ user: null });
  });

  it('creates the record of a new Google user', async () => {
    const { idToken, localId } = await signInWithGoogle(stack.authHost, {
      sub: 'google-route',
      email: 'route@example.com',
      name: 'Rita',
    });
    const response = await postToken(idToken);
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({
      uid: localId,
      name: 'Rita',
      isAdmin: false,
      telephone: null,
      avatarURL: null,
      address: { city: 'No city', extra: 'No complement' },
    });
    expect((await db.doc(`${users}/${localId}`).get()).data()).toMatchObject({
      isAdmin: false,
      isMember: false,
      isOwner: false,
    });
  });
});

describe('a sign-out', () => {
  it('refuses every copy of the cookie at once, even within the same second', async () => {
    // No nextSecond(): Firebase alone would keep this cookie valid (whole-second revocation).
    expect((await postToken(await shopperToken())).status).toBe(200);
    const sessionCookie = cookieJar.cookies.get('__session')?.value ?? '';
    expect((await (await route.GET(read())).json()).user).toMatchObject({ uid: 'seed-shopper' });
    expect((await remove()).status).toBe(200);
    for (let copy = 0; copy < 5; copy++) {
      cookieJar.cookies.set('__session', { value: sessionCookie, options: {} });
      expect(await (await route.GET(read())).json()).toEqual({ user: null });
    }
  });
});

describe('rate limits', () => {
  it('answer the 11th session attempt in a minute from one address with 429 and Retry-After', async () => {
    const idToken = await shopperToken();
    const from = (address: string) =>
      postToken(idToken, { headers: { 'x-forwarded-for': address } });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await from('198.51.100.7')).status).toBe(200);
    }
    const refused = await from('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'rate-limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(6);
    // Another address is not affected.
    expect((await from('198.51.100.8')).status).toBe(200);
  });
});

describe('the admin flag', () => {
  it('is true only while the record says isAdmin === true, re-read on every request', async () => {
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'admin@chocolates.local',
      'admin-chocolate-123',
    );
    const created = await postToken(idToken);
    expect((await created.json()).user.isAdmin).toBe(true);
    const isAdmin = async () =>
      ((await (await route.GET(read())).json()).user as { isAdmin: boolean }).isAdmin;
    expect(await isAdmin()).toBe(true);

    const ref = db.doc(`${users}/seed-admin`);
    const original = (await ref.get()).data() ?? {};
    try {
      await ref.update({ isAdmin: 'true' });
      expect(await isAdmin()).toBe(false);
      await ref.update({ isAdmin: 1 });
      expect(await isAdmin()).toBe(false);
      await ref.update({ isAdmin: true });
      expect(await isAdmin()).toBe(true);

      await ref.delete();
      const { user } = await (await route.GET(read())).json();
      expect(user).toMatchObject({ uid: 'seed-admin', isAdmin: false, address: null });
    } finally {
      await ref.set(original);
    }
  });
});

describe('GET /api/auth/config', () => {
  it('gives the local web config with the emulator URL, uncached', async () => {
    const response = configRoute.GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      apiKey: 'demo-api-key',
      authDomain: '127.0.0.1',
      projectId: 'demo-chocolate-shop',
      emulatorUrl: `http://${stack.authHost}`,
    });
  });
});

describe('session log lines', () => {
  const env = process.env as Record<string, string | undefined>;
  // A production build on the emulators, as the local `npm start` runs it.
  beforeEach(() => {
    env.ALLOW_EMULATORS_IN_PRODUCTION = '1';
  });
  afterEach(() => {
    env.NODE_ENV = 'test';
    delete env.ALLOW_EMULATORS_IN_PRODUCTION;
    jest.restoreAllMocks();
  });

  it('one JSON line when a session is created and one when it is revoked, uid only', async () => {
    // A new second: the emulator's unsigned tokens made in the second of an earlier test's
    // sign-out would give a byte-identical cookie, which this server already refuses.
    await nextSecond();
    const idToken = await shopperToken();
    env.NODE_ENV = 'production';
    const lines: string[] = [];
    for (const method of ['log', 'warn', 'error'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(String(args[0]));
      });
    }
    expect((await postToken(idToken, { headers: { 'x-request-id': 'sign-in-1' } })).status).toBe(
      200,
    );
    expect((await remove()).status).toBe(200);
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'session.created',
        uid: 'seed-shopper',
        requestId: 'sign-in-1',
      }),
      expect.objectContaining({ event: 'session.revoked', uid: 'seed-shopper' }),
    ]);
    expect(lines.join('\n')).not.toMatch(/cliente@chocolates\.local|Paulista|eyJ/);
  });
});

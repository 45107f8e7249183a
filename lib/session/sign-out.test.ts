// A sign-out reaches every instance at once and survives a restart: it is recorded on the user's
// document, which every instance's session check reads. "Another instance" here is a fresh copy
// of the session module with an empty in-memory record, on the same private local Firebase.
import { createHash } from 'node:crypto';

import type { Firestore } from 'firebase-admin/firestore';

import { cookieJar, nextSecond, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);

jest.setTimeout(90_000);

type Session = typeof import('./session');
type Users = typeof import('@/lib/users/repository');

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let session: Session;
let users: Users;

const USERS = 'projects/chocolate-shop/users';
const SHOPPER = { uid: 'seed-shopper', email: 'cliente@chocolates.local' };

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ stack, clients, db } = firebase);
  session = await import('./session');
  users = await import('@/lib/users/repository');
}, 100_000);

/** The session module as another instance (or this one after a restart) loads it. */
function anotherInstance(): Session {
  delete (globalThis as { __shopRevokedSessions?: unknown }).__shopRevokedSessions;
  let fresh: Session | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<Session>('./session');
  });
  return fresh!;
}

const accepted = (cookie: string) =>
  clients.auth.verifySessionCookie(cookie, true).then(
    () => true,
    () => false,
  );

it('a cookie signed out in the second it was minted is refused by another instance and after a restart', async () => {
  // Minted and signed out within one second: Auth alone still accepts it (whole-second
  // revocation), which is the case the record on the user's document closes.
  let cookie: string | undefined;
  for (let attempt = 0; attempt < 4 && cookie === undefined; attempt++) {
    await nextSecond();
    cookieJar.reset();
    const { idToken } = await signInWithPassword(
      stack.authHost,
      SHOPPER.email,
      'cliente-chocolate-123',
    );
    await session.createSession(idToken);
    const minted = cookieJar.cookies.get('__session')?.value ?? '';
    expect(await session.clearSession()).toBe(SHOPPER.uid);
    if (await accepted(minted)) cookie = minted;
  }
  expect(cookie).toBeDefined();

  const other = anotherInstance();
  cookieJar.cookies.set('__session', { value: cookie!, options: {} });
  expect(await other.readSession()).toEqual({ status: 'signed-out' });
  expect(await other.getSessionUid()).toBeNull();

  // Recorded by hash only, until the cookie's own expiry.
  const stored = (await db.doc(`${USERS}/${SHOPPER.uid}`).get()).data() ?? {};
  const id = createHash('sha256').update(cookie!).digest('hex');
  expect(stored.signedOutSessions[id]).toBeGreaterThan(Date.now() + 4 * 24 * 3600 * 1000);
  expect(JSON.stringify(stored)).not.toContain(cookie!);

  // A new sign-in on the other instance is not affected.
  await nextSecond();
  cookieJar.reset();
  const { idToken } = await signInWithPassword(
    stack.authHost,
    SHOPPER.email,
    'cliente-chocolate-123',
  );
  await other.createSession(idToken);
  expect(await other.readSession()).toMatchObject({
    status: 'signed-in',
    user: { uid: SHOPPER.uid },
  });
});

it('keeps the record bounded: expired entries go, and at most the latest 20 stay', async () => {
  const uid = 'bounded-shopper';
  await db.doc(`${USERS}/${uid}`).set({ authUID: uid, email: 'b@example.com', name: 'B' });
  const now = Date.now();
  await users.recordSignedOutSession(uid, 'expired', now - 1, now - 10_000);
  for (let n = 0; n < 30; n++) {
    await users.recordSignedOutSession(uid, `cookie-${n}`, now + 60_000 + n, now);
  }
  const listed = (await db.doc(`${USERS}/${uid}`).get()).get('signedOutSessions');
  expect(Object.keys(listed)).toHaveLength(users.MAX_SIGNED_OUT_SESSIONS);
  expect(listed).not.toHaveProperty('expired');
  // The latest (those a same-second revocation could still let through) are kept.
  expect(listed).toHaveProperty('cookie-29');
  expect(listed).not.toHaveProperty('cookie-0');
  // The profile is untouched.
  expect((await db.doc(`${USERS}/${uid}`).get()).get('name')).toBe('B');
  // No user document: nothing is written.
  await users.recordSignedOutSession('no-document', 'x', now + 60_000, now);
  expect((await db.doc(`${USERS}/no-document`).get()).exists).toBe(false);
});

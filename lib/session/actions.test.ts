// Integration tests of the address action against a private local Firebase.
import type { Firestore } from 'firebase-admin/firestore';

import { cookieJar, nextSecond, signInWithPassword } from '@/test/auth-emulator';
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

jest.setTimeout(30_000);

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let actions: typeof import('./actions');
let session: typeof import('@/lib/session/session');

const SHOPPER = 'projects/chocolate-shop/users/seed-shopper';
const valid = {
  city: 'Belo Horizonte',
  street: 'Avenida Afonso Pena',
  number: '1212',
  extra: 'Sala 3',
  postalCode: '30130-005',
};

beforeAll(async () => {
  stack = await startTestFirebase();
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  clients = adminClients(stack);
  db = clients.db;
  actions = await import('./actions');
  session = await import('@/lib/session/session');
});

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
});

async function signInShopper() {
  cookieJar.reset();
  const { idToken } = await signInWithPassword(
    stack.authHost,
    'cliente@chocolates.local',
    'cliente-chocolate-123',
  );
  await session.createSession(idToken);
}

async function stored() {
  return (await db.doc(SHOPPER).get()).data();
}

describe('updateAddress', () => {
  beforeAll(signInShopper);

  it('merges the trimmed address and leaves every other field intact', async () => {
    const before = await stored();
    const padded = { ...valid, city: '  Belo Horizonte ', number: '1212\n' };
    expect(await actions.updateAddress(padded)).toEqual({ ok: true, address: valid });
    expect(await stored()).toEqual({ ...before, address: valid });
    expect(await session.getSessionUser()).toMatchObject({ address: valid, isAdmin: false });
  });

  it.each([
    ['an unknown key', { ...valid, isAdmin: true }],
    ['a nested unknown key', { ...valid, extra: { isAdmin: true } }],
    ['a missing field', { city: 'Natal', street: 'Rua A', number: '1', extra: 'x' }],
    ['a field over 120 characters', { ...valid, street: 'R'.repeat(121) }],
    ['a postal code over 20 characters', { ...valid, postalCode: '0'.repeat(21) }],
    ['an empty field', { ...valid, extra: '' }],
    ['a blank field', { ...valid, city: '   ' }],
    ['a number', { ...valid, number: 1212 }],
    ['null', null],
    ['a string', JSON.stringify(valid)],
    ['an array', [valid]],
  ])('refuses %s and writes nothing', async (_case, input) => {
    const before = await stored();
    expect(await actions.updateAddress(input)).toEqual({ ok: false, error: 'invalid' });
    expect(await stored()).toEqual(before);
  });

  it('accepts fields at the length limits', async () => {
    const longest = { ...valid, street: 'R'.repeat(120), postalCode: '0'.repeat(20) };
    expect(await actions.updateAddress(longest)).toEqual({ ok: true, address: longest });
    expect(await actions.updateAddress(valid)).toEqual({ ok: true, address: valid });
  });
});

describe('updateAddress without a session', () => {
  it('refuses when there is no cookie, before looking at the input', async () => {
    cookieJar.reset();
    const before = await stored();
    expect(await actions.updateAddress({ ...valid, city: 'Manaus' })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await actions.updateAddress('garbage')).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a forged cookie', async () => {
    cookieJar.reset();
    cookieJar.cookies.set('__session', { value: 'forged.cookie.value', options: {} });
    expect(await actions.updateAddress(valid)).toEqual({ ok: false, error: 'unauthenticated' });
  });

  it('refuses after sign-out, even with a kept copy of the cookie', async () => {
    await signInShopper();
    const copy = cookieJar.cookies.get('__session');
    // Revocation has one-second resolution.
    await nextSecond();
    await session.clearSession();
    expect(await actions.updateAddress(valid)).toEqual({ ok: false, error: 'unauthenticated' });
    if (copy) cookieJar.cookies.set('__session', copy);
    expect(await actions.updateAddress({ ...valid, city: 'Manaus' })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect((await stored())?.address).toEqual(valid);
  });
});

// Integration tests of the profile action against a private local Firebase.
import type { Firestore } from 'firebase-admin/firestore';

import { cookieJar, nextSecond, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type TestFirebase } from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);

// The real repository, except that a test can make the profile write never answer.
const mockWriteHangs = { current: false };
jest.mock('@/lib/users/repository', () => {
  const actual =
    jest.requireActual<typeof import('@/lib/users/repository')>('@/lib/users/repository');
  return {
    ...actual,
    updateUserProfile: jest.fn((...args: Parameters<typeof actual.updateUserProfile>) =>
      mockWriteHangs.current
        ? jest
            .requireActual<typeof import('@/test/stalled-call')>('@/test/stalled-call')
            .stalledCall()
        : actual.updateUserProfile(...args),
    ),
  };
});

// refresh() needs a Server Action's request; here it only records that it was asked for.
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(30_000);

let stack: TestFirebase;
let db: Firestore;
let actions: typeof import('./actions');
let session: typeof import('@/lib/session/session');
let refresh: jest.Mock;

const SHOPPER = 'projects/chocolate-shop/users/seed-shopper';
const valid = {
  city: 'Belo Horizonte',
  street: 'Avenida Afonso Pena',
  number: '1212',
  extra: 'Sala 3',
  postalCode: '30130-005',
  // The seeded shopper has a bairro and a UF (scripts/local-firebase/seed.mjs): these replace them.
  neighborhood: 'Funcionários',
  state: 'MG',
};

const firebase = setUpFileFirebase();

beforeAll(async () => {
  ({ stack, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  actions = await import('./actions');
  session = await import('@/lib/session/session');
  refresh = (await import('next/cache')).refresh as jest.Mock;
});

beforeEach(() => refresh.mockClear());

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

describe('updateProfile', () => {
  beforeAll(signInShopper);

  it('merges the trimmed address and leaves every other field intact', async () => {
    const before = await stored();
    const padded = { ...valid, city: '  Belo Horizonte ', number: '1212\n' };
    expect(await actions.updateProfile({ address: padded })).toEqual({
      ok: true,
      profile: { name: before?.name, telephone: before?.telephone, address: valid },
    });
    expect(await stored()).toEqual({ ...before, address: valid });
    expect(await session.getSessionUser()).toMatchObject({ address: valid, isAdmin: false });
    // The server-rendered account (/usuario) is rendered again with the response.
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('saves an empty complement, and even other empty address fields (free text)', async () => {
    const before = await stored();
    const result = await actions.updateProfile({ address: { extra: '', number: '  ' } });
    const address = { ...valid, extra: '', number: '' };
    expect(result).toMatchObject({ ok: true, profile: { address } });
    expect(await stored()).toEqual({ ...before, address });
    expect(await actions.updateProfile({ address: valid })).toMatchObject({ ok: true });
  });

  it('changes only the fields it is given', async () => {
    const before = await stored();
    expect(await actions.updateProfile({ address: { city: 'Contagem' } })).toMatchObject({
      ok: true,
      profile: { address: { ...valid, city: 'Contagem' } },
    });
    expect(await stored()).toEqual({ ...before, address: { ...valid, city: 'Contagem' } });
    await actions.updateProfile({ address: valid });
  });

  it('saves the name and the telephone as the shop shows it, and clears the telephone', async () => {
    const before = await stored();
    expect(
      await actions.updateProfile({ name: ' Cliente Novo Nome ', telephone: '(31) 98765-4321' }),
    ).toEqual({
      ok: true,
      profile: { name: 'Cliente Novo Nome', telephone: '+55 31 98765-4321', address: valid },
    });
    expect(await stored()).toEqual({
      ...before,
      name: 'Cliente Novo Nome',
      telephone: '+55 31 98765-4321',
    });
    expect(await actions.updateProfile({ telephone: '' })).toMatchObject({
      ok: true,
      profile: { telephone: null },
    });
    expect((await stored())?.telephone).toBe('');
    // Back to the seeded values, which other tests of this file read.
    await actions.updateProfile({ name: before?.name, telephone: before?.telephone });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an unknown key', { address: valid, isAdmin: true }],
    ['an unknown address key', { address: { ...valid, isAdmin: true } }],
    ['a nested object', { address: { ...valid, extra: { isAdmin: true } } }],
    ['the email', { email: 'other@example.com' }],
    ['nothing to save', {}],
    ['an empty address', { address: {} }],
    ['a field over 120 characters', { address: { street: 'R'.repeat(121) } }],
    ['a postal code over 20 characters', { address: { postalCode: '0'.repeat(21) } }],
    ['a malformed CEP', { address: { postalCode: '1234-567' } }],
    ['a UF not among the 27', { address: { state: 'XX' } }],
    ['an empty name', { name: '   ' }],
    ['a name over 120 characters', { name: 'N'.repeat(121) }],
    ['a telephone that is not Brazilian', { telephone: '12345' }],
    ['a number', { address: { number: 1212 } }],
    ['an address without the wrapper (the old shape)', valid],
    ['null', null],
    ['a string', JSON.stringify({ address: valid })],
    ['an array', [{ address: valid }]],
  ])('refuses %s and writes nothing', async (_case, input) => {
    const before = await stored();
    expect(await actions.updateProfile(input)).toEqual({ ok: false, error: 'invalid' });
    expect(await stored()).toEqual(before);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('accepts fields at the length limits', async () => {
    // A CEP is checked as a CEP, so the bairro takes the long text instead.
    const longest = { ...valid, street: 'R'.repeat(120), neighborhood: 'B'.repeat(120) };
    expect(await actions.updateProfile({ address: longest, name: 'N'.repeat(120) })).toMatchObject({
      ok: true,
      profile: { address: longest, name: 'N'.repeat(120) },
    });
    expect(await actions.updateProfile({ address: valid, name: 'Cliente Exemplo' })).toMatchObject({
      ok: true,
    });
  });
});

describe('updateProfile without a session', () => {
  it('refuses when there is no cookie, before looking at the input', async () => {
    cookieJar.reset();
    const before = await stored();
    expect(await actions.updateProfile({ address: { city: 'Manaus' } })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await actions.updateProfile('garbage')).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a forged cookie', async () => {
    cookieJar.reset();
    cookieJar.cookies.set('__session', { value: 'forged.cookie.value', options: {} });
    expect(await actions.updateProfile({ address: valid })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
  });

  it('refuses after sign-out, even with a kept copy of the cookie', async () => {
    await signInShopper();
    const copy = cookieJar.cookies.get('__session');
    // Revocation has one-second resolution.
    await nextSecond();
    await session.clearSession();
    expect(await actions.updateProfile({ address: valid })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    if (copy) cookieJar.cookies.set('__session', copy);
    expect(await actions.updateProfile({ address: { city: 'Manaus' } })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect((await stored())?.address).toEqual(valid);
  });
});

describe('updateProfile with a backend that does not answer', () => {
  const deadline = process.env.BACKEND_DEADLINE_MS;
  afterEach(() => {
    if (deadline === undefined) delete process.env.BACKEND_DEADLINE_MS;
    else process.env.BACKEND_DEADLINE_MS = deadline;
  });

  it("answers 'unavailable' within the deadline instead of hanging", async () => {
    await signInShopper();
    const write = jest.mocked((await import('@/lib/users/repository')).updateUserProfile);
    write.mockClear();
    mockWriteHangs.current = true;
    process.env.BACKEND_DEADLINE_MS = '1500';
    try {
      const started = Date.now();
      expect(await actions.updateProfile({ name: 'Clara Nunes' })).toEqual({
        ok: false,
        error: 'unavailable',
      });
      // The write was reached (the session check answered) and abandoned at its deadline.
      expect(write).toHaveBeenCalledTimes(1);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      mockWriteHangs.current = false;
    }
  });
});

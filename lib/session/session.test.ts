// The session read per request: the cookie's verification (Auth) and the user document
// (Firestore) are read at the same time, and the document is used only for the uid the cookie
// verifies for. Backends are stand-ins here; the real ones are exercised by the data tests.
import type { UserRecord } from '@/lib/users/types';

const mockVerify = jest.fn();
const mockGetUserRecord = jest.fn();
let mockCookie: string | undefined;

jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === '__session' && mockCookie ? { value: mockCookie } : undefined),
  }),
}));
jest.mock('@/lib/firebase/admin', () => ({
  getAdminAuth: () => ({ verifySessionCookie: mockVerify }),
}));
jest.mock('@/lib/users/repository', () => ({
  ...jest.requireActual<typeof import('@/lib/users/repository')>('@/lib/users/repository'),
  getUserSessionRecord: async (uid: string) => ({
    record: await mockGetUserRecord(uid),
    signedOutSessions: {},
  }),
  ensureUserRecord: jest.fn(),
}));

import { claimedUid, readSession, SessionUnavailableError } from './session';

/** A JWT-shaped cookie (unsigned: only its payload matters to claimedUid). */
function cookieFor(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

const NOW = Math.floor(Date.now() / 1000);
const record = (uid: string): UserRecord => ({
  authUID: uid,
  email: `${uid}@example.com`,
  name: uid,
  isAdmin: true,
  address: { city: '', street: '', number: '', extra: '', postalCode: '' },
});

beforeEach(() => {
  mockVerify.mockReset();
  mockGetUserRecord.mockReset();
  mockCookie = undefined;
});

describe('claimedUid', () => {
  it('reads the uid of an unexpired JWT-shaped cookie, and nothing else', () => {
    expect(claimedUid(cookieFor({ sub: 'ana', exp: NOW + 60 }), NOW)).toBe('ana');
    expect(claimedUid(cookieFor({ sub: 'ana', exp: NOW - 1 }), NOW)).toBeNull();
    expect(claimedUid(cookieFor({ sub: '', exp: NOW + 60 }), NOW)).toBeNull();
    expect(claimedUid(cookieFor({ sub: 42, exp: NOW + 60 }), NOW)).toBeNull();
    expect(claimedUid(cookieFor({ sub: 'x'.repeat(129), exp: NOW + 60 }), NOW)).toBeNull();
    expect(claimedUid('not-a-session-cookie', NOW)).toBeNull();
    expect(claimedUid('a.%%%.c', NOW)).toBeNull();
  });
});

describe('readSession', () => {
  it('reads the user document while Auth verifies the cookie, not after', async () => {
    mockCookie = cookieFor({ sub: 'ana', exp: NOW + 60 });
    // Auth answers only once the document read has started: a read made after the verification
    // would never start, and the session check would miss its deadline.
    let documentRequested: () => void = () => {};
    const requested = new Promise<void>((resolve) => {
      documentRequested = resolve;
    });
    mockGetUserRecord.mockImplementation(async (uid: string) => {
      documentRequested();
      return record(uid);
    });
    mockVerify.mockImplementation(async () => {
      await requested;
      return { uid: 'ana', auth_time: NOW, email: 'ana@example.com' };
    });
    const state = await readSession();
    expect(state).toMatchObject({ status: 'signed-in', user: { uid: 'ana', isAdmin: true } });
    expect(mockGetUserRecord).toHaveBeenCalledTimes(1);
    expect(mockVerify).toHaveBeenCalledWith(mockCookie, true);
  });

  it('never uses the document of a uid the cookie does not verify for', async () => {
    mockCookie = cookieFor({ sub: 'ana', exp: NOW + 60 });
    mockGetUserRecord.mockImplementation(async (uid: string) => record(uid));
    mockVerify.mockResolvedValue({ uid: 'bia', auth_time: NOW });
    const state = await readSession();
    expect(state).toMatchObject({ status: 'signed-in', user: { uid: 'bia' } });
    expect(mockGetUserRecord.mock.calls).toEqual([['ana'], ['bia']]);
  });

  it('a refused cookie is signed out, whatever the early document read did', async () => {
    mockCookie = cookieFor({ sub: 'ana', exp: NOW + 60 });
    mockGetUserRecord.mockRejectedValue(new Error('Firestore down'));
    mockVerify.mockRejectedValue(
      Object.assign(new Error('revoked'), { code: 'auth/session-cookie-revoked' }),
    );
    expect(await readSession()).toEqual({ status: 'signed-out' });
  });

  it('a valid cookie whose document cannot be read is a backend fault, not signed out', async () => {
    mockCookie = cookieFor({ sub: 'ana', exp: NOW + 60 });
    mockGetUserRecord.mockRejectedValue(new Error('Firestore down'));
    mockVerify.mockResolvedValue({ uid: 'ana', auth_time: NOW });
    await expect(readSession()).rejects.toBeInstanceOf(SessionUnavailableError);
  });

  it('reads nothing without a cookie', async () => {
    expect(await readSession()).toEqual({ status: 'signed-out' });
    expect(mockVerify).not.toHaveBeenCalled();
    expect(mockGetUserRecord).not.toHaveBeenCalled();
  });
});

// The session as the data-layer suites stand it in: each call runs as the caller of its async
// context, so calls running side by side can be different shoppers, nobody, or meet Auth down.
// A suite mocks the modules with the factories below. jest.mock hoists its call above the imports,
// so a factory may only name `mock…` bindings, read when the mocked module is first loaded (also
// again inside jest.isolateModules, where this module's one store still answers):
//   jest.mock('@/lib/session/session', () => mockSessionModule());
//   jest.mock('next/headers', () => mockHeadersModule());
//   jest.mock('@/lib/control-panel/auth', () => mockAdminAuthModule());
import { AsyncLocalStorage } from 'node:async_hooks';

import type { PublicUser } from '@/lib/users/types';

/** Who calls: a signed-in user, nobody (signed out), or 'unavailable' (Auth cannot answer). */
export type Caller = PublicUser | null | 'unavailable';

/** The caller of the current async context; outside any, nobody. */
export const mockSessionStore = new AsyncLocalStorage<Caller>();

/** Runs `fn` as `caller`. */
export function as<T>(caller: Caller, fn: () => Promise<T>): Promise<T> {
  return mockSessionStore.run(caller, fn);
}

/**
 * lib/session/session.ts answering for the current caller. readSession throws
 * SessionUnavailableError for 'unavailable'; getSessionUser and getSessionUid then answer null, as
 * the real ones do. `freshSignIn` dates the sign-in now (the control panel refuses an old one);
 * otherwise it is dated 0.
 */
export function mockSessionModule({ freshSignIn = false } = {}) {
  class SessionUnavailableError extends Error {}
  const signedIn = (): PublicUser | null => {
    const caller = mockSessionStore.getStore() ?? null;
    if (caller === 'unavailable') throw new SessionUnavailableError('Auth is down');
    return caller;
  };
  const userOrNull = () => {
    try {
      return signedIn();
    } catch {
      return null;
    }
  };
  return {
    SessionUnavailableError,
    getSessionUser: jest.fn(async () => userOrNull()),
    getSessionUid: jest.fn(async () => userOrNull()?.uid ?? null),
    readSession: jest.fn(async () => {
      const user = signedIn();
      const authTime = freshSignIn ? Math.floor(Date.now() / 1000) : 0;
      return user ? { status: 'signed-in', user, authTime } : { status: 'signed-out' };
    }),
  };
}

/** lib/control-panel/auth.ts letting every admin action through, as the seed admin. */
export function mockAdminAuthModule() {
  return {
    requireAdminAction: jest.fn(async () => ({
      uid: 'seed-admin',
      email: 'admin@chocolates.local',
    })),
  };
}

/**
 * The address a caller's requests come from: one of each shopper's own, so that one shopper's
 * rate limits leave the others' alone (signed-out callers share `addr-undefined`).
 */
export function mockCallerAddress(): string {
  const caller = mockSessionStore.getStore();
  return `addr-${typeof caller === 'object' && caller ? caller.uid : 'undefined'}`;
}

/** next/headers whose requests come from `address`, or else from the caller's own. */
export function mockHeadersModule(address?: string) {
  return {
    headers: async () => new Headers({ 'x-forwarded-for': address ?? mockCallerAddress() }),
  };
}

/** A signed-in user, as lib/users/repository.ts makes one: no photo, phone or address on file. */
export function signedInUser(
  fields: Pick<PublicUser, 'uid' | 'email' | 'name'> & Partial<PublicUser>,
): PublicUser {
  const { uid, email, name, ...rest } = fields;
  return {
    uid,
    email,
    name,
    avatarURL: null,
    isAdmin: false,
    isMember: false,
    telephone: null,
    address: null,
    ...rest,
  };
}

/** Shopper `id`: uid `uid-<id>`, e-mail `<id>@example.com`, named 'Shopper <id>'. */
export function shopper(id: string, fields: Partial<PublicUser> = {}): PublicUser {
  return signedInUser({
    uid: `uid-${id}`,
    email: `${id}@example.com`,
    name: `Shopper ${id}`,
    ...fields,
  });
}

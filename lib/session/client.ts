// The browser side of /api/session: tiny fetch wrappers, no Firebase. The httpOnly session cookie
// is the source of truth for who is signed in. Reading it is here (every page's first load asks
// once); setting and clearing it, which only the account's lazily loaded forms do, are in
// ./client-sign-in.ts.
import { SessionRequestError } from './session-error';
import type { PublicUser } from '@/lib/users/types';

export const SESSION_URL = '/api/session';

export function userFrom(body: unknown): PublicUser | null {
  const user = (body as { user?: unknown } | null)?.user;
  if (typeof user !== 'object' || user === null) return null;
  return typeof (user as { uid?: unknown }).uid === 'string' ? (user as PublicUser) : null;
}

export async function errorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The signed-in user according to the session cookie, or null. Throws on network errors and
 * when the server cannot tell (503 while Auth is down, 429): the caller then keeps what it had.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<PublicUser | null> {
  const response = await fetch(SESSION_URL, {
    cache: 'no-store',
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new SessionRequestError(response.status, await errorCode(response));
  return userFrom(await response.json());
}

type UserSetters = {
  setCurrentUser: (user: PublicUser | null) => void;
  setUserIsAdmin: (isAdmin: unknown) => void;
};

/** Puts the server's answer into the user store: the user, and admin only when exactly true. */
export function applySessionUser(store: UserSetters, user: PublicUser | null): void {
  store.setCurrentUser(user);
  store.setUserIsAdmin(user?.isAdmin === true);
}

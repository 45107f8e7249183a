// The browser side of /api/session: tiny fetch wrappers, no Firebase. The httpOnly session cookie
// they set or clear is the source of truth for who is signed in.
import { SessionRequestError } from './session-error';
import type { PublicUser } from '@/lib/users/types';

export const SESSION_URL = '/api/session';

function userFrom(body: unknown): PublicUser | null {
  const user = (body as { user?: unknown } | null)?.user;
  if (typeof user !== 'object' || user === null) return null;
  return typeof (user as { uid?: unknown }).uid === 'string' ? (user as PublicUser) : null;
}

async function errorCode(response: Response): Promise<string> {
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

/** Exchanges a fresh ID token for the session cookie; throws SessionRequestError when refused. */
export async function createServerSession(idToken: string): Promise<PublicUser> {
  const response = await fetch(SESSION_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!response.ok) throw new SessionRequestError(response.status, await errorCode(response));
  const user = userFrom(await response.json());
  if (!user) throw new SessionRequestError(response.status, 'invalid-response');
  return user;
}

/**
 * Clears the session cookie (and the server revokes the user's refresh tokens). `keepalive`: the
 * interface shows 'signed out' at once, so the shopper may leave the page before the answer comes;
 * a plain request would then be cancelled, its Set-Cookie dropped and the session kept.
 */
export async function deleteServerSession(): Promise<void> {
  const response = await fetch(SESSION_URL, {
    method: 'DELETE',
    credentials: 'same-origin',
    keepalive: true,
  });
  if (!response.ok) throw new SessionRequestError(response.status, await errorCode(response));
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

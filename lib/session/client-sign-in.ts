// Setting and clearing the session cookie from the browser (the login form, the logout button,
// both loaded with the user tab): kept apart from ./client.ts, which every page's first load has.
import { errorCode, SESSION_URL, userFrom } from './client';
import { SessionRequestError } from './session-error';
import type { PublicUser } from '@/lib/users/types';

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

import 'server-only';

import type { DecodedIdToken } from 'firebase-admin/auth';
import { cookies } from 'next/headers';

import { getEnv } from '@/lib/env';
import { getAdminAuth } from '@/lib/firebase/admin';
import { startRequestLog, type RequestLog } from '@/lib/log';
import { ensureUserRecord, getUserRecord, toPublicUser } from '@/lib/users/repository';
import type { PublicUser } from '@/lib/users/types';

// Firebase Hosting forwards only a cookie of this name to the server, so it works on any host.
export const SESSION_COOKIE = '__session';
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 5;
/** A session is only made from a fresh sign-in, so a stolen old ID token cannot mint one. */
export const MAX_SIGN_IN_AGE_SECONDS = 5 * 60;
const SIGN_IN_PROVIDERS = new Set(['google.com', 'password']);

export type SessionErrorCode = 'invalid-token' | 'stale-sign-in' | 'unsupported-provider';

/** A refusal the client caused; `status` is the HTTP status to answer with. */
export class SessionError extends Error {
  readonly status: 401 | 403;

  constructor(readonly code: SessionErrorCode) {
    super(code);
    this.name = 'SessionError';
    this.status = code === 'unsupported-provider' ? 403 : 401;
  }
}

function cookieOptions(maxAge: number) {
  const env = getEnv();
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    // The local `npm start` is a production build served over plain http, where a Secure
    // cookie would never come back; emulator tokens are worthless anyway.
    secure: env.nodeEnv === 'production' && env.firebase.mode === 'real',
    path: '/',
    maxAge,
  };
}

/** Whether firebase-admin refused the token itself, as opposed to failing to check it. */
function isAuthError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/**
 * Verifies a fresh ID token, applies the user-record rules, and sets the session cookie.
 * Throws SessionError when the token is refused; other errors are server failures.
 */
export async function createSession(idToken: string): Promise<PublicUser> {
  const auth = getAdminAuth();
  let token: DecodedIdToken;
  try {
    token = await auth.verifyIdToken(idToken, true);
  } catch (error) {
    if (isAuthError(error)) throw new SessionError('invalid-token');
    throw error;
  }
  if (!SIGN_IN_PROVIDERS.has(token.firebase.sign_in_provider)) {
    throw new SessionError('unsupported-provider');
  }
  if (Date.now() / 1000 - token.auth_time > MAX_SIGN_IN_AGE_SECONDS) {
    throw new SessionError('stale-sign-in');
  }
  const record = await ensureUserRecord(token);
  let sessionCookie: string;
  try {
    sessionCookie = await auth.createSessionCookie(idToken, {
      expiresIn: SESSION_MAX_AGE_SECONDS * 1000,
    });
  } catch (error) {
    if (isAuthError(error)) throw new SessionError('invalid-token');
    throw error;
  }
  (await cookies()).set(SESSION_COOKIE, sessionCookie, cookieOptions(SESSION_MAX_AGE_SECONDS));
  return toPublicUser(token.uid, record, {
    email: token.email,
    name: typeof token.name === 'string' ? token.name : undefined,
  });
}

/** The verified claims of the session cookie, or null when there is no valid, unrevoked one. */
export async function getSessionClaims(): Promise<DecodedIdToken | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!value) return null;
  try {
    // checkRevoked: a sign-out elsewhere, a disabled account or a deleted user ends the session.
    return await getAdminAuth().verifySessionCookie(value, true);
  } catch {
    return null;
  }
}

/** The uid of the signed-in user, or null when there is no valid session. */
export async function getSessionUid(): Promise<string | null> {
  return (await getSessionClaims())?.uid ?? null;
}

/**
 * The signed-in user, read fresh from the user document on every call (so a demotion applies to
 * the next request), or null when there is no valid session or anything fails.
 */
export async function getSessionUser(): Promise<PublicUser | null> {
  try {
    const claims = await getSessionClaims();
    if (!claims) return null;
    const record = await getUserRecord(claims.uid);
    return toPublicUser(claims.uid, record, {
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    });
  } catch (error) {
    console.error('Reading the session user failed:', (error as Error)?.message);
    return null;
  }
}

/**
 * Drops a session cookie that no longer verifies (expired, revoked, forged), so later requests
 * stop paying for its verification. Returns whether one was dropped; a valid one is kept.
 */
export async function dropInvalidSessionCookie(): Promise<boolean> {
  const jar = await cookies();
  if (!jar.get(SESSION_COOKIE)?.value || (await getSessionClaims())) return false;
  jar.set(SESSION_COOKIE, '', cookieOptions(0));
  return true;
}

/**
 * Clears the session cookie and, when the session was valid, revokes the user's refresh tokens
 * so the cookie (and any copy of it) stops verifying. Never throws for a bad or missing cookie.
 * Returns the uid whose tokens were revoked, or null (no valid session, or revocation failed).
 */
export async function clearSession(log?: RequestLog): Promise<string | null> {
  const claims = await getSessionClaims();
  (await cookies()).set(SESSION_COOKIE, '', cookieOptions(0));
  if (!claims) return null;
  try {
    await getAdminAuth().revokeRefreshTokens(claims.uid);
    return claims.uid;
  } catch (error) {
    // The cookie is already gone from this browser; a failed revocation must not block sign-out.
    (log ?? startRequestLog()).error(error, { during: 'revoke-refresh-tokens', uid: claims.uid });
    return null;
  }
}

import 'server-only';

import type { DecodedIdToken } from 'firebase-admin/auth';
import { cookies } from 'next/headers';

import { backendDeadlineMs, mayOutliveCaller, withDeadline } from '@/lib/deadline';
import { getEnv } from '@/lib/env';
import { getAdminAuth } from '@/lib/firebase/admin';
import { requestCookie } from '@/lib/http/request-scope';
import { startRequestLog, type RequestLog } from '@/lib/log';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import {
  isListedSignedOut,
  isSignedOut,
  recordSignOut,
  signedOutId,
} from '@/lib/session/revocations';
import {
  ensureUserRecord,
  getUserSessionRecord,
  recordSignedOutSession,
  toPublicUser,
} from '@/lib/users/repository';
import type { PublicUser } from '@/lib/users/types';
import { logFailure } from '@/lib/log';

export { SESSION_COOKIE } from '@/lib/session/cookie';
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 5;
/** A session is only made from a fresh sign-in, so a stolen old ID token cannot mint one. */
export const MAX_SIGN_IN_AGE_SECONDS = 5 * 60;
const SIGN_IN_PROVIDERS = new Set(['google.com', 'password']);
/** Admin actions need a sign-in at most this old; older sessions must sign in again. */
export const ADMIN_MAX_SIGN_IN_AGE_SECONDS = 12 * 60 * 60;
// How long a request's session check may take before it gives up (lib/deadline.ts).
export { backendDeadlineMs } from '@/lib/deadline';

/**
 * Auth or Firestore could not answer (down, slow, failing): nothing can be said about the
 * session. Callers answer 'temporarily unavailable' and keep the cookie.
 */
export class SessionUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The session could not be checked: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'SessionUnavailableError';
  }
}

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
 * Throws SessionError when the token is refused, SessionUnavailableError when Auth or Firestore
 * cannot answer in time.
 */
export async function createSession(idToken: string): Promise<PublicUser> {
  const auth = getAdminAuth();
  let token: DecodedIdToken;
  try {
    token = await withDeadline(
      auth.verifyIdToken(idToken, true),
      backendDeadlineMs(),
      'verifyIdToken',
    );
  } catch (error) {
    if (isAuthError(error)) throw new SessionError('invalid-token');
    throw new SessionUnavailableError(error);
  }
  if (!SIGN_IN_PROVIDERS.has(token.firebase.sign_in_provider)) {
    throw new SessionError('unsupported-provider');
  }
  if (Date.now() / 1000 - token.auth_time > MAX_SIGN_IN_AGE_SECONDS) {
    throw new SessionError('stale-sign-in');
  }
  let record;
  try {
    record = await withDeadline(ensureUserRecord(token), backendDeadlineMs(), 'ensureUserRecord');
  } catch (error) {
    throw new SessionUnavailableError(error);
  }
  let sessionCookie: string;
  try {
    sessionCookie = await withDeadline(
      auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 }),
      backendDeadlineMs(),
      'createSessionCookie',
    );
  } catch (error) {
    if (isAuthError(error)) throw new SessionError('invalid-token');
    throw new SessionUnavailableError(error);
  }
  (await cookies()).set(SESSION_COOKIE, sessionCookie, cookieOptions(SESSION_MAX_AGE_SECONDS));
  return toPublicUser(token.uid, record, {
    email: token.email,
    name: typeof token.name === 'string' ? token.name : undefined,
  });
}

/**
 * The verified claims of the session cookie, or null when there is no valid, unrevoked one.
 * Throws SessionUnavailableError when Auth cannot answer (within backendDeadlineMs()): a backend
 * fault is not a signed-out visitor. It does not read the sign-outs recorded on the user's
 * document (another instance's sign-out in the cookie's first second): grant nothing from it
 * alone; readSession() does both.
 */
export async function readSessionClaims(): Promise<DecodedIdToken | null> {
  const value = await requestCookie(SESSION_COOKIE);
  if (!value || isSignedOut(value)) return null;
  let claims: DecodedIdToken;
  try {
    // checkRevoked: a sign-out elsewhere, a disabled account or a deleted user ends the session.
    claims = await withDeadline(
      getAdminAuth().verifySessionCookie(value, true),
      backendDeadlineMs(),
      'verifySessionCookie',
    );
  } catch (error) {
    if (isAuthError(error)) return null;
    throw new SessionUnavailableError(error);
  }
  return claims;
}

/** The verified claims of the session cookie, or null when there is none or it cannot be checked. */
export async function getSessionClaims(): Promise<DecodedIdToken | null> {
  try {
    return await readSessionClaims();
  } catch (error) {
    logFailure('backend.failed', error, { what: 'session.claims' });
    return null;
  }
}

/**
 * The uid of the signed-in user, or null when there is no valid session or it cannot be checked
 * (readSession: a sign-out on any instance counts).
 */
export async function getSessionUid(): Promise<string | null> {
  try {
    const state = await readSession();
    return state.status === 'signed-in' ? state.user.uid : null;
  } catch (error) {
    logFailure('backend.failed', error, { what: 'session.uid' });
    return null;
  }
}

export type SessionState =
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: PublicUser;
      /** When the person last signed in (seconds since the epoch, from the cookie). */
      authTime: number;
      /**
       * The user document's count of changes to their orders (0 without one), read with it at no
       * extra cost: the order poll answers 'unchanged' from it alone (app/api/orders/changes).
       */
      ordersVersion: number;
    };

/**
 * Who is signed in, read fresh from the user document on every call (so a demotion applies to the
 * next request). Throws SessionUnavailableError when Auth or Firestore cannot answer in time.
 */
export async function readSession(): Promise<SessionState> {
  // One deadline for both calls, so the whole check stays within it.
  try {
    return await withDeadline(readSessionUnbounded(), backendDeadlineMs(), 'readSession');
  } catch (error) {
    if (error instanceof SessionUnavailableError) throw error;
    throw new SessionUnavailableError(error);
  }
}

/**
 * The uid a session cookie claims, read without verifying it (null when it is no JWT or has
 * expired): only to start reading that user's record while the cookie is verified.
 */
export function claimedUid(cookie: string, nowSeconds = Date.now() / 1000): string | null {
  const payload = cookie.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, exp } = claims as { sub?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || sub === '' || sub.length > 128) return null;
    if (typeof exp !== 'number' || exp <= nowSeconds) return null;
    return sub;
  } catch {
    return null;
  }
}

async function readSessionUnbounded(): Promise<SessionState> {
  // The cookie's verification asks Auth for the account (revoked? disabled?), and the session
  // needs the user document from Firestore: both are read at once, not one after the other. The
  // document read for the uid the cookie claims is used only once the cookie verifies for it.
  const value = await requestCookie(SESSION_COOKIE);
  const uid = value ? claimedUid(value) : null;
  // Left running when the cookie is refused or Auth fails first.
  const early = uid ? mayOutliveCaller(getUserSessionRecord(uid), 'getUserSessionRecord') : null;
  const claims = await readSessionClaims();
  if (!claims || !value) return { status: 'signed-out' };
  const { record, signedOutSessions } = await (early && claims.uid === uid
    ? early
    : getUserSessionRecord(claims.uid));
  // Signed out on any instance (the same document every instance reads), before or after a
  // restart; remembered here too so this instance stops asking Auth about it.
  if (isListedSignedOut(signedOutSessions, value)) {
    recordSignOut(value, claims.exp * 1000);
    return { status: 'signed-out' };
  }
  return {
    status: 'signed-in',
    authTime: claims.auth_time,
    ordersVersion: record?.ordersVersion ?? 0,
    user: toPublicUser(claims.uid, record, {
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    }),
  };
}

/**
 * The signed-in user, or null when there is no valid session or anything fails. Prefer
 * readSession, which tells a backend fault from a signed-out visitor.
 */
export async function getSessionUser(): Promise<PublicUser | null> {
  try {
    const state = await readSession();
    return state.status === 'signed-in' ? state.user : null;
  } catch (error) {
    logFailure('backend.failed', error, { what: 'session.user' });
    return null;
  }
}

/**
 * Drops the session cookie: for one that no longer verifies (expired, revoked, forged), so later
 * requests stop paying for its verification. Never for one that could not be checked.
 */
export async function dropSessionCookie(): Promise<void> {
  const jar = await cookies();
  if (jar.get(SESSION_COOKIE)?.value) jar.set(SESSION_COOKIE, '', cookieOptions(0));
}

/**
 * Clears the session cookie and, when the session was valid, revokes the user's refresh tokens
 * so the cookie (and any copy of it) stops verifying, from this very millisecond. Never throws
 * for a bad or missing cookie. Returns the uid whose tokens were revoked, or null (no valid
 * session, or revocation failed).
 */
export async function clearSession(log?: RequestLog): Promise<string | null> {
  const jar = await cookies();
  const value = jar.get(SESSION_COOKIE)?.value;
  const claims = await getSessionClaims();
  jar.set(SESSION_COOKIE, '', cookieOptions(0));
  if (!claims || !value) return null;
  recordSignOut(value, claims.exp * 1000);
  // Both at once: Auth's revocation (every other cookie of the account) and the record on the
  // user's document (this cookie, on every instance, even in the second it was minted).
  const [revoked, recorded] = await Promise.allSettled([
    withDeadline(
      getAdminAuth().revokeRefreshTokens(claims.uid),
      backendDeadlineMs(),
      'revokeRefreshTokens',
    ),
    withDeadline(
      recordSignedOutSession(claims.uid, signedOutId(value), claims.exp * 1000),
      backendDeadlineMs(),
      'recordSignedOutSession',
    ),
  ]);
  // The cookie is already gone from this browser and this server refuses its copies; a failure
  // must not block sign-out.
  if (recorded.status === 'rejected') {
    (log ?? startRequestLog()).error(recorded.reason, {
      during: 'record-sign-out',
      uid: claims.uid,
    });
  }
  if (revoked.status === 'rejected') {
    (log ?? startRequestLog()).error(revoked.reason, {
      during: 'revoke-refresh-tokens',
      uid: claims.uid,
    });
    return null;
  }
  return claims.uid;
}

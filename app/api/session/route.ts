import { z } from 'zod';

import { startRequestLog } from '@/lib/log';
import { rateLimiter, type RateLimitName } from '@/lib/rate-limit';
import { clientAddress, isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/http/body';
import {
  clearSession,
  createSession,
  dropSessionCookie,
  readSession,
  SessionError,
  SessionUnavailableError,
} from '@/lib/session/session';

// Per-user answers: never prerendered, never cached.
export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 8 * 1024;

// Firebase ID tokens are about 1 KB (a few KB with custom claims); the body limit bounds them.
const bodySchema = z.strictObject({ idToken: z.string().min(1).max(MAX_BODY_BYTES) });

const NO_STORE = { 'Cache-Control': 'no-store' };

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

function error(code: string, status: number): Response {
  return json({ error: code }, status);
}

/** How long a client should wait before asking again after a backend fault. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** Auth or Firestore could not answer: the cookie is kept, the client may retry. */
function unavailable(): Response {
  return Response.json(
    { error: 'unavailable' },
    {
      status: 503,
      headers: { ...NO_STORE, 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    },
  );
}

/** The 429 for a client over `limit`, or null when it may go on. */
async function throttled(limit: RateLimitName, request: Request): Promise<Response | null> {
  const decision = await rateLimiter(limit).take(clientAddress(request));
  if (decision.allowed) return null;
  return Response.json(
    { error: 'rate-limited' },
    {
      status: 429,
      headers: { ...NO_STORE, 'Retry-After': String(decision.retryAfterSeconds) },
    },
  );
}

/**
 * The signed-in user, or `{ user: null }` (and an invalid cookie is dropped). 503 with the cookie
 * kept when Auth or Firestore cannot answer: a backend fault must not sign anyone out.
 */
export async function GET(request: Request): Promise<Response> {
  const refused = await throttled('sessionReadPerIp', request);
  if (refused) return refused;
  try {
    const state = await readSession();
    if (state.status === 'signed-in') return json({ user: state.user });
    await dropSessionCookie();
    return json({ user: null });
  } catch (cause) {
    if (!(cause instanceof SessionUnavailableError)) throw cause;
    startRequestLog(request.headers).error(cause, { during: 'read-session' });
    return unavailable();
  }
}

/** Exchanges a fresh Firebase ID token for the session cookie. */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return error('forbidden-origin', 403);
  // Before any token work: 10 attempts a minute per client address.
  const refused = await throttled('sessionPerIp', request);
  if (refused) return refused;
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return error(body.error, body.error === 'unsupported-media-type' ? 415 : 400);
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return error('invalid-body', 400);
  const log = startRequestLog(request.headers);
  try {
    const user = await createSession(parsed.data.idToken);
    log.event('session.created', { uid: user.uid });
    return json({ user });
  } catch (cause) {
    if (cause instanceof SessionError) return error(cause.code, cause.status);
    log.error(cause, { during: 'create-session' });
    if (cause instanceof SessionUnavailableError) return unavailable();
    return error('internal', 500);
  }
}

/** Signs out: clears the cookie and revokes the user's refresh tokens. */
export async function DELETE(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return error('forbidden-origin', 403);
  const log = startRequestLog(request.headers);
  try {
    const uid = await clearSession(log);
    if (uid) log.event('session.revoked', { uid });
  } catch (cause) {
    log.error(cause, { during: 'clear-session' });
    return error('internal', 500);
  }
  return json({ user: null });
}

import { z } from 'zod';

import { isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/session/request';
import {
  clearSession,
  createSession,
  dropInvalidSessionCookie,
  getSessionUser,
  SessionError,
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

/** The signed-in user, or `{ user: null }`. */
export async function GET(): Promise<Response> {
  const user = await getSessionUser();
  if (!user) await dropInvalidSessionCookie();
  return json({ user });
}

/** Exchanges a fresh Firebase ID token for the session cookie. */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return error('forbidden-origin', 403);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return error(body.error, body.error === 'unsupported-media-type' ? 415 : 400);
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return error('invalid-body', 400);
  try {
    const user = await createSession(parsed.data.idToken);
    return json({ user });
  } catch (cause) {
    if (cause instanceof SessionError) return error(cause.code, cause.status);
    console.error('Creating a session failed:', (cause as Error)?.message);
    return error('internal', 500);
  }
}

/** Signs out: clears the cookie and revokes the user's refresh tokens. */
export async function DELETE(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return error('forbidden-origin', 403);
  try {
    await clearSession();
  } catch (cause) {
    console.error('Clearing the session failed:', (cause as Error)?.message);
    return error('internal', 500);
  }
  return json({ user: null });
}

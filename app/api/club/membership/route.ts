import { changeMembership, type ChangeMembershipResult } from '@/lib/club/manage';
import { readJsonBody } from '@/lib/http/body';
import { isSameOrigin } from '@/lib/security/origin';

// POST /api/club/membership: the signed-in member pauses, resumes or cancels their membership
// (the rules are lib/club/manage.ts). A route handler, as joining is (../join/route.ts), so each
// answer carries its HTTP status.

export const dynamic = 'force-dynamic';

/** `{"action": "cancel"}`: a few dozen bytes. */
const MAX_BODY_BYTES = 256;

const UNAVAILABLE_RETRY_SECONDS = 5;

const STATUS_OF: Record<Extract<ChangeMembershipResult, { ok: false }>['error'], number> = {
  invalid: 400,
  unauthenticated: 401,
  'not-member': 404,
  'not-allowed': 409,
  'temporarily-unavailable': 503,
  'server-error': 500,
};

function answer(
  result: ChangeMembershipResult,
  status: number,
  headers: Record<string, string> = {},
) {
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Answers 200 with the membership's state now, 400 invalid, 401 signed out, 404 no membership,
 * 409 a move the state does not allow, 503 + Retry-After when Auth, Firestore or Mercado Pago
 * cannot answer, 500 otherwise; before it, 403 for another origin, 415 for a body that is not
 * JSON, 413 too large.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return answer({ ok: false, error: 'invalid' }, 403);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) {
    const status =
      body.error === 'unsupported-media-type' ? 415 : body.error === 'body-too-large' ? 413 : 400;
    return answer({ ok: false, error: 'invalid' }, status);
  }
  const result = await changeMembership(body.value);
  if (result.ok) return answer(result, 200);
  const headers: Record<string, string> =
    result.error === 'temporarily-unavailable'
      ? { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) }
      : {};
  return answer(result, STATUS_OF[result.error], headers);
}

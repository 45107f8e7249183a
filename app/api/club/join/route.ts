import { joinClub, type JoinClubResult } from '@/lib/club/join';
import { isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/http/body';

// POST /api/club/join: a signed-in shopper joins a club plan (the rules are lib/club/join.ts). A
// route handler, as placing an order is, so each answer carries its HTTP status.

export const dynamic = 'force-dynamic';

/** `{"plan": "mensal", "locale": "pt-BR"}`: a few dozen bytes. */
const MAX_BODY_BYTES = 1024;

const UNAVAILABLE_RETRY_SECONDS = 5;

const STATUS_OF: Record<Extract<JoinClubResult, { ok: false }>['error'], number> = {
  invalid: 400,
  unauthenticated: 401,
  'already-member': 409,
  'temporarily-unavailable': 503,
  'server-error': 500,
};

function answer(result: JoinClubResult, status: number, headers: Record<string, string> = {}) {
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Answers 200 with the Mercado Pago link to authorise (or mode 'whatsapp' when Mercado Pago is not
 * configured), 400 invalid, 401 signed out, 409 already a member, 503 + Retry-After when Auth,
 * Firestore or Mercado Pago cannot answer, 500 otherwise; before it, 403 for another origin, 415
 * for a body that is not JSON, 413 too large.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return answer({ ok: false, error: 'invalid' }, 403);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) {
    const status =
      body.error === 'unsupported-media-type' ? 415 : body.error === 'body-too-large' ? 413 : 400;
    return answer({ ok: false, error: 'invalid' }, status);
  }
  const result = await joinClub(body.value);
  if (result.ok) return answer(result, 200);
  const headers: Record<string, string> =
    result.error === 'temporarily-unavailable'
      ? { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) }
      : {};
  return answer(result, STATUS_OF[result.error], headers);
}

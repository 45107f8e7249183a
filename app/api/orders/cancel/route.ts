import { cancelMyOrder, type CancelOrderResult } from '@/lib/orders/cancel-order';
import { isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/http/body';

// POST /api/orders/cancel: the shopper cancels one of their open orders from /usuario or its page
// (components/user/cancel-order.tsx). A route handler, as placing an order is, so that each
// answer carries its HTTP status (503 for a backend fault). The rules are lib/orders/cancel-order.ts.

export const dynamic = 'force-dynamic';

/** `{"orderID": "..."}`: a few dozen bytes. */
const MAX_BODY_BYTES = 1024;

const UNAVAILABLE_RETRY_SECONDS = 5;

const STATUS_OF: Record<Exclude<CancelOrderResult, { ok: true }>['error'], number> = {
  invalid: 400,
  unauthenticated: 401,
  'not-found': 404,
  'not-open': 409,
  'temporarily-unavailable': 503,
  'server-error': 500,
};

function answer(result: CancelOrderResult, status: number, headers: Record<string, string> = {}) {
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Answers 200 cancelled, 400 invalid, 401 signed out, 404 no such order of this shopper, 409 no
 * longer open (with its status), 503 + Retry-After when Auth or Firestore cannot answer, 500
 * otherwise; before it, 403 for another origin, 415 for a body that is not JSON, 413 too large.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return answer({ ok: false, error: 'invalid' }, 403);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) {
    const status =
      body.error === 'unsupported-media-type' ? 415 : body.error === 'body-too-large' ? 413 : 400;
    return answer({ ok: false, error: 'invalid' }, status);
  }
  const result = await cancelMyOrder(body.value);
  if (result.ok) return answer(result, 200);
  const headers: Record<string, string> =
    result.error === 'temporarily-unavailable'
      ? { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) }
      : {};
  return answer(result, STATUS_OF[result.error], headers);
}

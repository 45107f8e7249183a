import { DEFAULT_RETRY_AFTER_SECONDS, type PlaceOrderResult } from '@/lib/orders/checkout-result';
import { placeOrder } from '@/lib/orders/place-order';
import { isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/http/body';

// POST /api/orders: the checkout form's one way to place an order (components/checkout/
// checkout-form.tsx through lib/orders/client.ts). A route handler rather than a Server Action so
// that every answer carries its HTTP status: 429 with Retry-After for the order limits, 503 for
// a backend fault. The rules are the use-case's (lib/orders/place-order.ts).

// Per-user answers: never prerendered, never cached.
export const dynamic = 'force-dynamic';

/**
 * A checkout input is a few KB at most (20 lines, five address fields of 120 characters, even
 * fully \u-escaped); anything larger is refused unread.
 */
const MAX_BODY_BYTES = 16 * 1024;

/** How long the form should wait after a backend fault (as /api/session says). */
const UNAVAILABLE_RETRY_SECONDS = 5;

const STATUS_OF: Record<Exclude<PlaceOrderResult, { ok: true }>['error'], number> = {
  invalid: 400,
  unauthenticated: 401,
  'out-of-stock': 409,
  unavailable: 409,
  'too-many-open': 409,
  'hold-limit': 409,
  'delivery-outside': 400,
  'delivery-date': 400,
  'delivery-full': 409,
  'delivery-no-days': 409,
  'rate-limited': 429,
  'temporarily-unavailable': 503,
  'outcome-unknown': 503,
  'server-error': 500,
};

function answer(result: PlaceOrderResult, status: number, headers: Record<string, string> = {}) {
  // no-transform: an answer of a few hundred bytes is not worth gzip's time (Next's server
  // compresses every response without it), and a rush sends hundreds of them a second.
  return Response.json(result, {
    status,
    headers: { 'Cache-Control': 'no-store, no-transform', ...headers },
  });
}

/** A request the use-case never sees: the same body shape as its own refusals. */
function refuse(status: number, issue: string): Response {
  return answer({ ok: false, error: 'invalid', issues: [issue] }, status);
}

/**
 * Places the signed-in shopper's order (a CheckoutInput as JSON). Answers the use-case's result
 * with 200 (placed, or the same order again for a repeated order id), 400 invalid, 401 signed
 * out, 409 out of stock / not for sale / too many open orders / over the fair-stock limits, 429 + Retry-After over the order
 * limits, 503 + Retry-After when Auth or Firestore cannot answer (or stalled after the order's writes
 * were sent: 'outcome-unknown'), 500 otherwise; before it, 403
 * for another origin, 415 for a body that is not JSON, 413 for one over MAX_BODY_BYTES.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return refuse(403, 'origin: not allowed');
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) {
    if (body.error === 'unsupported-media-type') return refuse(415, 'body: not JSON');
    if (body.error === 'body-too-large') return refuse(413, 'body: too large');
    return refuse(400, 'body: malformed JSON');
  }
  const result = await placeOrder(body.value);
  if (result.ok) return answer(result, 200);
  const headers: Record<string, string> = {};
  if (result.error === 'rate-limited') {
    headers['Retry-After'] = String(result.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  } else if (result.error === 'temporarily-unavailable' || result.error === 'outcome-unknown') {
    headers['Retry-After'] = String(UNAVAILABLE_RETRY_SECONDS);
  }
  return answer(result, STATUS_OF[result.error], headers);
}

import type { PlaceOrderResult } from '@/lib/orders/checkout-result';
import { ORDER_BODY_MAX_BYTES, orderAnswer } from '@/lib/orders/order-answer';
import { placeOrder } from '@/lib/orders/place-order';
import { isSameOrigin } from '@/lib/security/origin';
import { readJsonBody } from '@/lib/http/body';

// POST /api/orders: the checkout form's one way to place an order (components/checkout/
// checkout-form.tsx through lib/orders/client.ts). A route handler rather than a Server Action so
// that every answer carries its HTTP status: 429 with Retry-After for the order limits, 503 for
// a backend fault. The rules are the use-case's (lib/orders/place-order.ts). Where the Node server
// runs with the shop's guard (lib/server-start.ts), it answers well-formed orders itself before
// Next (lib/orders/order-quick-answer.ts); this handler answers the rest, and all of them
// elsewhere.

// Per-user answers: never prerendered, never cached.
export const dynamic = 'force-dynamic';

function answer(result: PlaceOrderResult, status: number, headers: Record<string, string> = {}) {
  return Response.json(result, { status, headers });
}

/** A request the use-case never sees: the same body shape as its own refusals. */
function refuse(status: number, issue: string): Response {
  const result: PlaceOrderResult = { ok: false, error: 'invalid', issues: [issue] };
  return answer(result, status, orderAnswer(result).headers);
}

/**
 * Places the signed-in shopper's order (a CheckoutInput as JSON). Answers the use-case's result
 * with 200 (placed, or the same order again for a repeated order id), 400 invalid, 401 signed
 * out, 409 out of stock / not for sale / too many open orders / over the fair-stock limits, 429 + Retry-After over the order
 * limits, 503 + Retry-After when Auth or Firestore cannot answer (or stalled after the order's writes
 * were sent: 'outcome-unknown'), 500 otherwise; before it, 403
 * for another origin, 415 for a body that is not JSON, 413 for one over ORDER_BODY_MAX_BYTES.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return refuse(403, 'origin: not allowed');
  const body = await readJsonBody(request, ORDER_BODY_MAX_BYTES);
  if (!body.ok) {
    if (body.error === 'unsupported-media-type') return refuse(415, 'body: not JSON');
    if (body.error === 'body-too-large') return refuse(413, 'body: too large');
    return refuse(400, 'body: malformed JSON');
  }
  const result = await placeOrder(body.value);
  const { status, headers } = orderAnswer(result);
  return answer(result, status, headers);
}

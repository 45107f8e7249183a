import { readJsonBody } from '@/lib/http/body';
import { payMyOrder } from '@/lib/orders/pay-order';
import type { PayOrderResult } from '@/lib/orders/pay-order-result';
import { clientAddress, isSameOrigin } from '@/lib/security/origin';

// POST /api/orders/payment: the shopper pays their order from its page with Pix (the QR code and
// the copy-and-paste code) or a card (the Payment Brick's token). A route handler, as placing and
// cancelling an order are, so that each answer carries its HTTP status. The rules are
// lib/orders/pay-order.ts.

export const dynamic = 'force-dynamic';

/** An order id, a method and a card token's few fields. */
const MAX_BODY_BYTES = 2048;

const RETRY_SECONDS = 5;

const STATUS_OF: Record<Exclude<PayOrderResult, { ok: true }>['error'], number> = {
  invalid: 400,
  unauthenticated: 401,
  'not-found': 404,
  'not-payable': 409,
  expired: 410,
  'payment-in-progress': 409,
  'rate-limited': 429,
  'payment-unavailable': 503,
  'temporarily-unavailable': 503,
  'server-error': 500,
};

function answer(result: PayOrderResult, status: number, headers: Record<string, string> = {}) {
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Answers 200 with the Pix to show or the card payment's outcome; 400 invalid, 401 signed out,
 * 404 no such order of this shopper, 409 nothing to pay or another attempt of it in flight, 410
 * its time to pay is over, 429 and 503
 * with Retry-After, 500 otherwise; before it, 403 for another origin, 415 for a body that is not
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
  const result = await payMyOrder(body.value, clientAddress(request));
  if (result.ok) return answer(result, 200);
  const retryAfter =
    result.error === 'rate-limited'
      ? result.retryAfterSeconds
      : STATUS_OF[result.error] === 503
        ? RETRY_SECONDS
        : null;
  return answer(
    result,
    STATUS_OF[result.error],
    retryAfter === null ? {} : { 'Retry-After': String(retryAfter) },
  );
}

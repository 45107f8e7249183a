import { DEFAULT_RETRY_AFTER_SECONDS, type PlaceOrderResult } from './checkout-result';

// The HTTP answer of POST /api/orders to a placeOrder result: its status and headers, the same
// from the route handler (app/api/orders/route.ts) and from the server's own answer, before Next
// (./order-quick-answer.ts).

/**
 * A checkout input is a few KB at most (20 lines, five address fields of 120 characters, even
 * fully \u-escaped); anything larger is refused unread.
 */
export const ORDER_BODY_MAX_BYTES = 16 * 1024;

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
  coupon: 409,
  'rate-limited': 429,
  'temporarily-unavailable': 503,
  'outcome-unknown': 503,
  'server-error': 500,
};

/** The status and headers of `result` as POST /api/orders answers it (the body is its JSON). */
export function orderAnswer(result: PlaceOrderResult): {
  status: number;
  headers: Record<string, string>;
} {
  // no-transform: an answer of a few hundred bytes is not worth gzip's time (Next's server
  // compresses every response without it), and a rush sends hundreds of them a second.
  const headers: Record<string, string> = { 'Cache-Control': 'no-store, no-transform' };
  if (result.ok) return { status: 200, headers };
  if (result.error === 'rate-limited') {
    headers['Retry-After'] = String(result.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  } else if (result.error === 'temporarily-unavailable' || result.error === 'outcome-unknown') {
    headers['Retry-After'] = String(UNAVAILABLE_RETRY_SECONDS);
  }
  return { status: STATUS_OF[result.error], headers };
}

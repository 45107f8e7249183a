// The browser side of POST /api/orders (app/api/orders/route.ts) and POST /api/orders/cancel: fetch
// wrappers, no Firebase.
import type { CancelOrderResult } from './cancel-order';
import {
  CHECKOUT_ERROR_MESSAGE_KEYS,
  DEFAULT_RETRY_AFTER_SECONDS,
  type CheckoutErrorCode,
  type PlaceOrderResult,
} from './checkout-result';
import type { CheckoutInput } from './checkout-schema';

export const ORDERS_URL = '/api/orders';

/** Whole seconds from a Retry-After header (the delay form; the route never sends a date). */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
}

function isPlaceOrderResult(body: unknown): body is PlaceOrderResult {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, orderId, payment, error } = body as Record<string, unknown>;
  if (ok === true) return typeof orderId === 'string' && typeof payment === 'object' && !!payment;
  return (
    ok === false && typeof error === 'string' && Object.hasOwn(CHECKOUT_ERROR_MESSAGE_KEYS, error)
  );
}

/**
 * An answer that is not the route's own (a host's WAF or rate limiter, a proxy's error page in
 * front of the server), understood by its status alone.
 */
function failureOfStatus(status: number, retryAfter: string | null): PlaceOrderResult {
  if (status === 429) {
    return { ok: false, error: 'rate-limited', retryAfterSeconds: retryAfterSeconds(retryAfter) };
  }
  // A gateway's error page in front of the server does not say whether the order was saved
  // before it gave up: 'outcome-unknown' asks the shopper to send again (same order id).
  const error: Exclude<CheckoutErrorCode, 'not-payable' | 'payment-unavailable' | 'rate-limited'> =
    status === 401
      ? 'unauthenticated'
      : status === 502 || status === 503 || status === 504
        ? 'outcome-unknown'
        : 'server-error';
  return { ok: false, error };
}

/** A same-origin JSON POST, never cached: the response and its JSON body (null when none). */
async function postJson(url: string, payload: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}

/**
 * Places the order: the route's result as it answered it, with a 429's wait taken from its
 * Retry-After header. Throws only when the request itself fails (network, server restart); the
 * order id stays in the cart, so sending again cannot place the order twice.
 */
export async function submitOrder(input: CheckoutInput): Promise<PlaceOrderResult> {
  const { response, body } = await postJson(ORDERS_URL, input);
  const retryAfter = response.headers.get('retry-after');
  if (!isPlaceOrderResult(body)) return failureOfStatus(response.status, retryAfter);
  if (!body.ok && body.error === 'rate-limited') {
    return { ...body, retryAfterSeconds: retryAfterSeconds(retryAfter) };
  }
  return body;
}

export const CANCEL_ORDER_URL = '/api/orders/cancel';

/**
 * Asks POST /api/orders/cancel (app/api/orders/cancel/route.ts) to cancel the shopper's open
 * order. An answer without a result body is told by its status (a 503 from a proxy is still
 * 'temporarily unavailable'). Throws only when the request itself fails.
 */
export async function requestOrderCancel(orderId: string): Promise<CancelOrderResult> {
  const { response, body } = await postJson(CANCEL_ORDER_URL, { orderId });
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { ok?: unknown }).ok === 'boolean'
  ) {
    return body as CancelOrderResult;
  }
  const status = response.status;
  return {
    ok: false,
    error:
      status === 502 || status === 503 || status === 504
        ? 'temporarily-unavailable'
        : 'server-error',
  };
}

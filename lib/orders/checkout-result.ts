// What placing an order (POST /api/orders, lib/orders/place-order.ts) and the payment retry (a
// Server Action, lib/orders/actions.ts) answer, and the messages the checkout form shows for a
// failure. Pure, so the browser form imports it.
import type { CheckoutPayment } from '@/lib/payments/types';

import type { CouponProblem } from '@/lib/coupons/rules';

import type { HoldLimitProblem } from './hold-limits';

export type CheckoutErrorCode =
  | 'unauthenticated'
  | 'invalid'
  | 'out-of-stock'
  | 'unavailable'
  | 'payment-unavailable'
  | 'not-payable'
  | 'too-many-open'
  /** Over the fair-stock limits of open orders per account (HOLD_LIMITS, lib/orders/limits.ts). */
  | 'hold-limit'
  | 'server-error'
  /** Auth or Firestore could not answer in time: this call wrote nothing. */
  | 'temporarily-unavailable'
  /**
   * Firestore stalled after the order's writes were sent: it may exist. The same order id sent
   * again answers the placed order if it does, and places it once if it does not.
   */
  | 'outcome-unknown'
  /** Too many orders in a minute from this account or address (lib/rate-limit). */
  | 'rate-limited'
  /** Delivery: the CEP is in no region of the table (lib/delivery); pick-up stays. */
  | 'delivery-outside'
  /** The day is past or not offered; or (full) it is at the day's capacity. */
  | 'delivery-date'
  | 'delivery-full'
  /** No day named (the checkout could not load them) and none of the days offered has room. */
  | 'delivery-no-days'
  /** The coupon cannot be used (expired, used up, under its minimum...): nothing was placed. */
  | 'coupon';

/** The wait to announce when a 'rate-limited' answer names none: the limits refill in a minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The message key under "CheckoutErrors" for each error code. */
export const CHECKOUT_ERROR_MESSAGE_KEYS = Object.freeze({
  unauthenticated: 'unauthenticated',
  invalid: 'invalid',
  'out-of-stock': 'outOfStock',
  unavailable: 'unavailable',
  'payment-unavailable': 'paymentUnavailable',
  'not-payable': 'notPayable',
  'too-many-open': 'tooManyOpen',
  'hold-limit': 'holdTotal',
  'server-error': 'serverError',
  'temporarily-unavailable': 'temporarilyUnavailable',
  'outcome-unknown': 'outcomeUnknown',
  'rate-limited': 'rateLimited',
  'delivery-outside': 'deliveryOutside',
  'delivery-date': 'deliveryDate',
  'delivery-full': 'deliveryFull',
  'delivery-no-days': 'deliveryNoDays',
  coupon: 'coupon',
} as const satisfies Record<CheckoutErrorCode, string>);

/** Every key of the "CheckoutErrors" messages namespace. */
export type CheckoutErrorMessageKey =
  | (typeof CHECKOUT_ERROR_MESSAGE_KEYS)[CheckoutErrorCode]
  | 'soldOut'
  /** 'hold-limit' for one product (the total's is CHECKOUT_ERROR_MESSAGE_KEYS['hold-limit']). */
  | 'holdPerProduct'
  /** A placed order whose online payment could not start (payment.paymentError). */
  | 'paymentError';

export type CheckoutErrorMessage = {
  key: CheckoutErrorMessageKey;
  values?: { title: string; available: number };
  /**
   * For the messages about one line ('outOfStock', 'soldOut', 'unavailable'): its product, so the
   * form can lower that line to the units left, or remove it, in place.
   */
  productKey?: string;
  /** For 'tooManyOpen': the account's open orders, by number. */
  openOrders?: string[];
  /** For 'rateLimited': whole seconds to wait (the 429's Retry-After). */
  retryAfterSeconds?: number;
  /** For 'holdPerProduct' and 'holdTotal': the limit and the units it would come to. */
  hold?: { title?: string; max: number; requested: number; held: number };
  /** For 'coupon': why (its message is under "Coupon.errors") and the minimum, whole reais. */
  coupon?: { problem: CouponProblem; minimum: number };
};

/**
 * The "CheckoutErrors" messages to show for a failed checkout action: one per line at fault for
 * 'out-of-stock' ('soldOut' when none is left) and 'unavailable', otherwise one for the code.
 */
export function checkoutErrorMessages(
  failure: Pick<
    CheckoutFailure,
    'error' | 'details' | 'openOrders' | 'retryAfterSeconds' | 'holdLimits' | 'coupon'
  >,
): CheckoutErrorMessage[] {
  const details = failure.details ?? [];
  if ((failure.error === 'out-of-stock' || failure.error === 'unavailable') && details.length) {
    return details.map(({ key, title, available }) => ({
      key:
        failure.error === 'unavailable' ? 'unavailable' : available > 0 ? 'outOfStock' : 'soldOut',
      values: { title, available },
      productKey: key,
    }));
  }
  if (failure.error === 'hold-limit' && failure.holdLimits?.length) {
    return failure.holdLimits.map(({ title, ...problem }) => ({
      key: problem.limit === 'perProduct' ? 'holdPerProduct' : 'holdTotal',
      hold: { title, max: problem.max, requested: problem.requested, held: problem.held },
    }));
  }
  if (failure.error === 'coupon') {
    return [{ key: 'coupon', coupon: failure.coupon ?? { problem: 'unknown', minimum: 0 } }];
  }
  if (failure.error === 'too-many-open') {
    return [{ key: 'tooManyOpen', openOrders: failure.openOrders ?? [] }];
  }
  if (failure.error === 'rate-limited') {
    return [
      {
        key: 'rateLimited',
        retryAfterSeconds: failure.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      },
    ];
  }
  // Without lines to name, 'invalid' is the closest generic text.
  if (failure.error === 'out-of-stock' || failure.error === 'unavailable') {
    return [{ key: 'invalid' }];
  }
  return [{ key: CHECKOUT_ERROR_MESSAGE_KEYS[failure.error] }];
}

/** A line that could not be served: its title in the order's locale and the units left. */
export type StockProblem = { key: string; title: string; available: number };

/** A fair-stock limit the order would pass, with the product's title for a per-product one. */
export type HoldLimitDetail = HoldLimitProblem & { title?: string };

export type CheckoutFailure = {
  ok: false;
  error: CheckoutErrorCode;
  /** For 'out-of-stock' and 'unavailable': the lines at fault. */
  details?: StockProblem[];
  /** For 'invalid': which fields failed, as 'path: reason' (never the values sent). */
  issues?: string[];
  /** For 'rate-limited': whole seconds until another order may be placed. */
  retryAfterSeconds?: number;
  /** For 'too-many-open': the account's open unpaid or unapproved orders, oldest first. */
  openOrders?: string[];
  /** For 'hold-limit': each limit the order would pass. */
  holdLimits?: HoldLimitDetail[];
  /** For 'coupon': why the coupon cannot be used, and its minimum (whole reais). */
  coupon?: { problem: CouponProblem; minimum: number };
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; payment: CheckoutPayment }
  | (CheckoutFailure & {
      error: Exclude<CheckoutErrorCode, 'not-payable' | 'payment-unavailable'>;
    });

export type RetryPaymentResult =
  | { ok: true; orderId: string; payment: Extract<CheckoutPayment, { mode: 'mercadopago' }> }
  | (CheckoutFailure & {
      error: 'unauthenticated' | 'invalid' | 'not-payable' | 'payment-unavailable' | 'server-error';
    });

// The bounds of one order, pure so the browser form and the server schema share them.

/** Bounds of one order; the server refuses anything beyond them. */
export const CHECKOUT_LIMITS = Object.freeze({
  maxLines: 20,
  maxQuantity: 10,
  maxTextLength: 120,
});

/**
 * Fair stock: what one account may hold in open orders (placed, neither paid nor confirmed by the
 * shop), per product and in units overall, counting the order being placed. At Easter one greedy
 * account must not empty the shop; the cart stops at these numbers and the server refuses above
 * them (lib/orders/hold-limits.ts). The one place to change them.
 */
export const HOLD_LIMITS = Object.freeze({
  perProduct: 5,
  total: 20,
});

/**
 * The order id the browser generates (lib/orders/order-id.ts) and the server accepts; it is also
 * the Firestore document id, where `__...__` names are reserved.
 */
export const ORDER_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{8,64}$/;

/** The gift card's message: optional, at most this many characters once trimmed. */
export const GIFT_MESSAGE_MAX_LENGTH = 200;

// The bounds of one order, pure so the browser form and the server schema share them.

/** Bounds of one order; the server refuses anything beyond them. */
export const CHECKOUT_LIMITS = Object.freeze({
  maxLines: 20,
  maxQuantity: 10,
  maxTextLength: 120,
});

/**
 * The order id the browser generates (lib/orders/order-id.ts) and the server accepts; it is also
 * the Firestore document id, where `__...__` names are reserved.
 */
export const ORDER_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{8,64}$/;

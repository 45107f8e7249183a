// The coupon code a shopper applied in the list or at checkout, kept for this tab so the
// checkout applies it again (components/coupons/coupon-field.tsx). The server checks it each
// time; this is only what was typed.

export const APPLIED_COUPON_KEY = 'chocolates-tropicais-cupom';

export function readAppliedCoupon(): string {
  try {
    return sessionStorage.getItem(APPLIED_COUPON_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `code` ('' forgets it); storage that refuses costs only that. */
export function keepAppliedCoupon(code: string): void {
  try {
    if (code) sessionStorage.setItem(APPLIED_COUPON_KEY, code);
    else sessionStorage.removeItem(APPLIED_COUPON_KEY);
  } catch {
    // Nothing else depends on it.
  }
}

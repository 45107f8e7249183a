import type { CouponProblem } from './rules';

/** The key under "Coupon.errors" of each reason a coupon cannot be used. */
const KEYS = {
  unknown: 'unknown',
  inactive: 'inactive',
  'not-started': 'notStarted',
  expired: 'expired',
  'used-up': 'usedUp',
  minimum: 'minimum',
  'account-used': 'accountUsed',
  'first-order': 'firstOrder',
} as const satisfies Record<CouponProblem, string>;

export type CouponMessageKey = (typeof KEYS)[CouponProblem];

export function couponMessageKey(problem: CouponProblem): CouponMessageKey {
  return KEYS[problem];
}

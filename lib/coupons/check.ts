import 'server-only';

import { toProduct } from '@/lib/catalogue/product';
import { catalogueSnapshot } from '@/lib/catalogue/repository';
import { memberPricingFor } from '@/lib/club/checkout';
import { shopToday } from '@/lib/delivery/table';
import type { PublicUser } from '@/lib/users/types';

import { hasOrdered, readCouponForCheck } from './repository';
import { couponDiscount, couponProblem, normalizeCouponCode, type CouponCheck } from './rules';

/**
 * Whether `rawCode` can be used on `lines` by `user` (null: signed out, so the account's own
 * conditions wait for the checkout), and what it would take off: a preview, as the delivery quote
 * is; the order's transaction decides again (lib/orders/order-transaction.ts).
 */
export async function checkCoupon(
  rawCode: string,
  lines: readonly { key: string; quantity: number }[],
  user: Pick<PublicUser, 'uid' | 'isMember'> | null,
): Promise<CouponCheck> {
  const code = normalizeCouponCode(rawCode);
  if (!code) return { ok: false, problem: 'unknown', minimum: 0 };
  const { records } = await catalogueSnapshot();
  const priced = lines.flatMap(({ key, quantity }) => {
    const record = records.find((candidate) => candidate.key === key && !candidate.archived);
    return record ? [{ product: toProduct(record), quantity }] : [];
  });
  const [found, pricing] = await Promise.all([
    readCouponForCheck(code, user?.uid ?? null),
    user ? memberPricingFor(user, priced) : null,
  ]);
  const subtotal = priced.reduce(
    (sum, { product, quantity }, index) =>
      sum + (product.price - (pricing?.unitDiscounts[index] ?? 0)) * quantity,
    0,
  );
  const ordered = user && found.coupon?.firstOrderOnly ? await hasOrdered(user.uid) : false;
  const problem = couponProblem(found.coupon, {
    today: shopToday(),
    subtotal,
    usesLeft: found.usesLeft,
    accountUses: found.accountUses,
    hasOrdered: ordered,
  });
  if (problem || !found.coupon) {
    return { ok: false, problem: problem ?? 'unknown', minimum: found.coupon?.minimum ?? 0 };
  }
  return { ok: true, code, discount: couponDiscount(subtotal, found.coupon), subtotal };
}

// What a club membership gives at checkout (pure, shared with the browser): the plan's discount
// on Easter eggs and free delivery, only while the membership is active. The server prices the
// order with these (lib/orders/place-order.ts); the checkout summary shows the same numbers.
import { percentOf } from '@/lib/catalogue/format';
import type { CategoryKey } from '@/lib/catalogue/types';

import { getClubPlan } from './config';
import { isMemberState, type Membership } from './membership';

export type MemberPerks = {
  /** Percent off each Easter egg (category 'pascoa'); 0 without an active membership. */
  eggDiscountPercent: number;
  /** Delivery costs the member nothing (applied where the delivery fee is computed). */
  freeDelivery: boolean;
};

export const NO_PERKS: Readonly<MemberPerks> = Object.freeze({
  eggDiscountPercent: 0,
  freeDelivery: false,
});

/** The perks of `membership`: its plan's, when it is active; none otherwise. */
export function memberPerks(
  membership: Pick<Membership, 'plan' | 'state'> | null | undefined,
): MemberPerks {
  if (!membership || !isMemberState(membership.state)) return { ...NO_PERKS };
  const plan = getClubPlan(membership.plan);
  if (!plan) return { ...NO_PERKS };
  return {
    eggDiscountPercent: plan.perks.easterDiscountPercent,
    freeDelivery: plan.perks.freeDelivery,
  };
}

export type DiscountLine = { category: CategoryKey; unitPrice: number; quantity: number };

/**
 * The member's discount on one unit, in centavos (rounded half up once, by `percentOf`): each
 * unit's price less this is what Mercado Pago charges for it, so the lines always add up to the
 * order's total.
 */
export function unitMemberDiscount(
  category: CategoryKey,
  unitPrice: number,
  eggDiscountPercent: number,
): number {
  if (category !== 'pascoa' || eggDiscountPercent <= 0) return 0;
  return Math.min(unitPrice, percentOf(unitPrice, eggDiscountPercent));
}

/** The member's discount on the whole order, in centavos; 0 without perks. */
export function memberDiscount(
  lines: readonly DiscountLine[],
  perks: Pick<MemberPerks, 'eggDiscountPercent'>,
): number {
  return lines.reduce(
    (sum, line) =>
      sum +
      unitMemberDiscount(line.category, line.unitPrice, perks.eggDiscountPercent) * line.quantity,
    0,
  );
}

/** How an order is priced for its shopper's membership: one entry per line, in order. */
export type MemberPricing = {
  eggDiscountPercent: number;
  /** Each line's discount per unit, centavos: the line's unit price less this is charged. */
  unitDiscounts: number[];
  /** The whole order's discount (the sum over the lines), centavos. */
  discount: number;
  /** The delivery fee is waived (lib/delivery/plan.ts). */
  freeDelivery: boolean;
};

/**
 * The member's pricing of `lines` (catalogue prices): the one call the checkout's server makes
 * (lib/orders/place-order.ts). A null membership, or one not active, discounts nothing.
 */
export function memberPricing(
  lines: readonly DiscountLine[],
  membership: Pick<Membership, 'plan' | 'state'> | null | undefined,
): MemberPricing {
  const { eggDiscountPercent, freeDelivery } = memberPerks(membership);
  const unitDiscounts = lines.map((line) =>
    unitMemberDiscount(line.category, line.unitPrice, eggDiscountPercent),
  );
  return {
    eggDiscountPercent,
    unitDiscounts,
    discount: memberDiscount(lines, { eggDiscountPercent }),
    freeDelivery,
  };
}

/** What the checkout page hands its summary about a member: the percent and each unit's discount. */
export type CheckoutMemberDiscount = {
  percent: number;
  /** Product key to its discount per unit (centavos); products without one are left out. */
  unitDiscounts: Record<string, number>;
};

/** The summary's view of `perks` over the catalogue; null when they discount nothing. */
export function checkoutMemberDiscount(
  perks: Pick<MemberPerks, 'eggDiscountPercent'>,
  products: readonly { key: string; category: CategoryKey; price: number }[],
): CheckoutMemberDiscount | null {
  const unitDiscounts: Record<string, number> = {};
  for (const product of products) {
    const unit = unitMemberDiscount(product.category, product.price, perks.eggDiscountPercent);
    if (unit > 0) unitDiscounts[product.key] = unit;
  }
  return Object.keys(unitDiscounts).length > 0
    ? { percent: perks.eggDiscountPercent, unitDiscounts }
    : null;
}

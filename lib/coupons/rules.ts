// Coupons' rules, pure (the server decides with them; the panel's form and the checkout's summary
// show the same numbers). Money is in integer centavos, as every price of the shop.
//
// The rule with the club: a coupon applies to the products' subtotal AFTER the club member's
// discount (lib/club/perks.ts), never to the delivery fee, and its minimum is checked against
// that same subtotal. Both discounts add up; the coupon can bring the products to R$ 0 at most.

import { parsePriceInput, percentOf } from '@/lib/catalogue/format';

export type CouponKind = 'percent' | 'fixed';

/** A coupon as the owner made it in the panel (lib/coupons/repository.ts stores it). */
export type Coupon = {
  /** Upper case letters and digits, the document's id. */
  code: string;
  kind: CouponKind;
  /** Percent off (1-100), or centavos off. */
  value: number;
  /** The products' subtotal (after the club's discount) it needs, centavos; 0: none. */
  minimum: number;
  /** First and last day it works, 'yyyy-mm-dd' in the shop's time zone; null: no bound. */
  validFrom: string | null;
  validUntil: string | null;
  /** Orders that may carry it in all; null: no limit. */
  totalUses: number | null;
  /** Orders one account may place with it; null: no limit. */
  usesPerAccount: number | null;
  /** Only for an account's first order. */
  firstOrderOnly: boolean;
  active: boolean;
};

/** Why a coupon cannot be used; each has its message under "Coupon.errors". */
export type CouponProblem =
  | 'unknown'
  | 'inactive'
  | 'not-started'
  | 'expired'
  | 'used-up'
  | 'minimum'
  | 'account-used'
  | 'first-order';

/** What the list and the checkout are told about a code (lib/coupons/check.ts). */
export type CouponCheck =
  | { ok: true; code: string; discount: number; subtotal: number }
  | { ok: false; problem: CouponProblem; minimum: number };

export const COUPON_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

/** The code as stored: upper case, without spaces; null when it cannot be a code. */
export function normalizeCouponCode(value: string): string | null {
  const code = value.replace(/\s+/g, '').toUpperCase();
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

/**
 * The coupon's discount on `subtotal` (the products after the club's discount), in centavos:
 * a percent rounds to the centavo as the club's does (percentOf), a fixed amount stops at the
 * subtotal. The one place of the arithmetic.
 */
export function couponDiscount(subtotal: number, coupon: Pick<Coupon, 'kind' | 'value'>): number {
  if (subtotal <= 0) return 0;
  const off = coupon.kind === 'percent' ? percentOf(subtotal, coupon.value) : coupon.value;
  return Math.max(0, Math.min(subtotal, off));
}

/** What a coupon's use depends on beyond the coupon: the order and the account. */
export type CouponContext = {
  /** The shop's today, 'yyyy-mm-dd'. */
  today: string;
  /** The products' subtotal after the club's discount, centavos. */
  subtotal: number;
  /** Uses left in all (null: no limit). */
  usesLeft: number | null;
  /** This account's orders with it so far. */
  accountUses: number;
  /** Whether the account placed an order before. */
  hasOrdered: boolean;
};

/** Why `coupon` cannot be used in `context`, in the order a shopper would fix them; or null. */
export function couponProblem(coupon: Coupon | null, context: CouponContext): CouponProblem | null {
  if (!coupon) return 'unknown';
  if (!coupon.active) return 'inactive';
  if (coupon.validFrom && context.today < coupon.validFrom) return 'not-started';
  if (coupon.validUntil && context.today > coupon.validUntil) return 'expired';
  if (coupon.usesPerAccount !== null && context.accountUses >= coupon.usesPerAccount) {
    return 'account-used';
  }
  if (coupon.firstOrderOnly && context.hasOrdered) return 'first-order';
  if (context.subtotal < coupon.minimum) return 'minimum';
  if (context.usesLeft !== null && context.usesLeft <= 0) return 'used-up';
  return null;
}

/** The owner's form, as typed: everything a string or a flag. */
export type CouponDraft = {
  code: string;
  kind: string;
  value: string;
  minimum: string;
  validFrom: string;
  validUntil: string;
  totalUses: string;
  usesPerAccount: string;
  firstOrderOnly: boolean;
  active: boolean;
};

/** Which field is wrong; each has its message under "ControlPanel.coupons.errors". */
export type CouponDraftProblem =
  | 'code'
  | 'value'
  | 'percent'
  | 'minimum'
  | 'validFrom'
  | 'validUntil'
  | 'dates'
  | 'totalUses'
  | 'usesPerAccount';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** R$ 100.000,00: more than any order of the shop. */
const MAX_CENTAVOS = 10_000_000;

/** A whole number from `min` to `max`, or undefined; '' is null (no bound). */
function wholeOrEmpty(text: string, min: number, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** An amount typed in reais ('10', '10,50'), in centavos from `min` to `max`, or undefined. */
function priceOrEmpty(text: string, min: number, max: number): number | null | undefined {
  if (text.trim() === '') return null;
  const centavos = parsePriceInput(text);
  return centavos !== null && centavos >= min && centavos <= max ? centavos : undefined;
}

/** The coupon the form describes, or the fields that are wrong. */
export function validateCouponDraft(
  draft: CouponDraft,
): { ok: true; coupon: Coupon } | { ok: false; problems: CouponDraftProblem[] } {
  const problems: CouponDraftProblem[] = [];
  const code = normalizeCouponCode(draft.code);
  if (!code) problems.push('code');
  const kind: CouponKind = draft.kind === 'fixed' ? 'fixed' : 'percent';
  const value =
    kind === 'percent'
      ? wholeOrEmpty(draft.value, 1, 100)
      : priceOrEmpty(draft.value, 1, MAX_CENTAVOS);
  if (value === undefined || value === null)
    problems.push(kind === 'percent' ? 'percent' : 'value');
  const minimum = priceOrEmpty(draft.minimum, 0, MAX_CENTAVOS);
  if (minimum === undefined) problems.push('minimum');
  const validFrom = draft.validFrom.trim() || null;
  const validUntil = draft.validUntil.trim() || null;
  if (validFrom !== null && !DAY.test(validFrom)) problems.push('validFrom');
  if (validUntil !== null && !DAY.test(validUntil)) problems.push('validUntil');
  if (validFrom && validUntil && DAY.test(validFrom) && DAY.test(validUntil)) {
    if (validUntil < validFrom) problems.push('dates');
  }
  const totalUses = wholeOrEmpty(draft.totalUses, 1, 1_000_000);
  if (totalUses === undefined) problems.push('totalUses');
  const usesPerAccount = wholeOrEmpty(draft.usesPerAccount, 1, 1000);
  if (usesPerAccount === undefined) problems.push('usesPerAccount');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    coupon: {
      code: code!,
      kind,
      value: value!,
      minimum: minimum ?? 0,
      validFrom,
      validUntil,
      totalUses: totalUses ?? null,
      usesPerAccount: usesPerAccount ?? null,
      firstOrderOnly: draft.firstOrderOnly,
      active: draft.active,
    },
  };
}

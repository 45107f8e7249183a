import {
  couponDiscount,
  couponProblem,
  normalizeCouponCode,
  validateCouponDraft,
  type Coupon,
  type CouponContext,
  type CouponDraft,
} from './rules';

const COUPON: Coupon = {
  code: 'PASCOA10',
  kind: 'percent',
  value: 10,
  minimum: 10000,
  validFrom: '2026-03-01',
  validUntil: '2026-04-05',
  totalUses: 10,
  usesPerAccount: 1,
  firstOrderOnly: false,
  active: true,
};

const CONTEXT: CouponContext = {
  today: '2026-03-20',
  subtotal: 18000,
  usesLeft: 4,
  accountUses: 0,
  hasOrdered: true,
};

describe('couponDiscount', () => {
  it('takes a percent of the subtotal to the centavo, and a fixed amount up to the subtotal', () => {
    expect(couponDiscount(18000, { kind: 'percent', value: 10 })).toBe(1800);
    // 15 % of R$ 95,90 is R$ 14,385: R$ 14,39, rounded as the club's discount is.
    expect(couponDiscount(9590, { kind: 'percent', value: 15 })).toBe(1439);
    expect(couponDiscount(18000, { kind: 'fixed', value: 2550 })).toBe(2550);
    expect(couponDiscount(2000, { kind: 'fixed', value: 2550 })).toBe(2000);
    expect(couponDiscount(0, { kind: 'percent', value: 50 })).toBe(0);
    expect(couponDiscount(8000, { kind: 'percent', value: 100 })).toBe(8000);
  });

  it('stacks after the club: on the eggs already 10 % off, a 10 % coupon takes 10 % of what is left', () => {
    // Two eggs of R$ 90 with the club's 10 %: R$ 162; the coupon's 10 % of that.
    const afterClub = 2 * (9000 - 900);
    expect(couponDiscount(afterClub, { kind: 'percent', value: 10 })).toBe(1620);
  });
});

describe('couponProblem', () => {
  it('accepts a coupon within its rules', () => {
    expect(couponProblem(COUPON, CONTEXT)).toBeNull();
  });

  it('names each refusal', () => {
    expect(couponProblem(null, CONTEXT)).toBe('unknown');
    expect(couponProblem({ ...COUPON, active: false }, CONTEXT)).toBe('inactive');
    expect(couponProblem(COUPON, { ...CONTEXT, today: '2026-02-28' })).toBe('not-started');
    expect(couponProblem(COUPON, { ...CONTEXT, today: '2026-04-06' })).toBe('expired');
    expect(couponProblem(COUPON, { ...CONTEXT, today: '2026-04-05' })).toBeNull();
    expect(couponProblem(COUPON, { ...CONTEXT, usesLeft: 0 })).toBe('used-up');
    expect(couponProblem(COUPON, { ...CONTEXT, subtotal: 9999 })).toBe('minimum');
    expect(couponProblem(COUPON, { ...CONTEXT, accountUses: 1 })).toBe('account-used');
    expect(couponProblem({ ...COUPON, firstOrderOnly: true }, CONTEXT)).toBe('first-order');
    expect(
      couponProblem({ ...COUPON, firstOrderOnly: true }, { ...CONTEXT, hasOrdered: false }),
    ).toBeNull();
  });

  it('has no limit where the owner set none', () => {
    const open = {
      ...COUPON,
      totalUses: null,
      usesPerAccount: null,
      validFrom: null,
      validUntil: null,
    };
    expect(
      couponProblem(open, { ...CONTEXT, usesLeft: null, accountUses: 9, today: '2030-01-01' }),
    ).toBeNull();
  });
});

describe("the owner's form", () => {
  const draft: CouponDraft = {
    code: ' pascoa 10 ',
    kind: 'percent',
    value: '10',
    minimum: '100',
    validFrom: '2026-03-01',
    validUntil: '2026-04-05',
    totalUses: '10',
    usesPerAccount: '1',
    firstOrderOnly: false,
    active: true,
  };

  it('makes the coupon, code in upper case', () => {
    expect(validateCouponDraft(draft)).toEqual({ ok: true, coupon: COUPON });
    expect(normalizeCouponCode('Frete-Gratis')).toBeNull();
    expect(
      validateCouponDraft({
        ...draft,
        kind: 'fixed',
        value: '25,50',
        minimum: '',
        totalUses: '',
        usesPerAccount: '',
      }),
    ).toMatchObject({
      ok: true,
      coupon: { kind: 'fixed', value: 2550, minimum: 0, totalUses: null, usesPerAccount: null },
    });
  });

  it('names every wrong field', () => {
    expect(
      validateCouponDraft({
        ...draft,
        code: 'x',
        value: '120',
        minimum: '-1',
        validFrom: '2026-04-10',
        validUntil: '2026-04-05',
        totalUses: '0',
        usesPerAccount: 'um',
      }),
    ).toEqual({
      ok: false,
      problems: ['code', 'percent', 'minimum', 'dates', 'totalUses', 'usesPerAccount'],
    });
  });
});

import { getSeedProduct, seedProducts } from '@/lib/catalogue/seed';

import {
  checkoutMemberDiscount,
  memberDiscount,
  memberPerks,
  memberPricing,
  NO_PERKS,
  unitMemberDiscount,
} from './perks';

describe('memberPerks', () => {
  it("gives an active membership its plan's perks", () => {
    expect(memberPerks({ plan: 'mensal', state: 'active' })).toEqual({
      eggDiscountPercent: 10,
      freeDelivery: true,
    });
    expect(memberPerks({ plan: 'trimestral', state: 'active' })).toEqual({
      eggDiscountPercent: 15,
      freeDelivery: true,
    });
  });

  it.each(['pending', 'paused', 'cancelled'] as const)('gives a %s membership none', (state) => {
    expect(memberPerks({ plan: 'mensal', state })).toEqual(NO_PERKS);
  });

  it('gives no membership none', () => {
    expect(memberPerks(null)).toEqual({ eggDiscountPercent: 0, freeDelivery: false });
    expect(memberPerks(undefined)).toEqual(NO_PERKS);
  });
});

describe('the Easter egg discount', () => {
  it('takes the percent off Easter eggs only, in whole reais rounded half up', () => {
    expect(unitMemberDiscount('pascoa', 89, 10)).toBe(9);
    expect(unitMemberDiscount('pascoa', 85, 10)).toBe(9);
    expect(unitMemberDiscount('pascoa', 84, 10)).toBe(8);
    expect(unitMemberDiscount('pascoa', 100, 15)).toBe(15);
    expect(unitMemberDiscount('classicos', 100, 15)).toBe(0);
    expect(unitMemberDiscount('pascoa', 100, 0)).toBe(0);
  });

  it('adds up per unit over the lines', () => {
    const lines = [
      { category: 'pascoa' as const, unitPrice: 89, quantity: 2 },
      { category: 'classicos' as const, unitPrice: 30, quantity: 4 },
      { category: 'pascoa' as const, unitPrice: 120, quantity: 1 },
    ];
    expect(memberDiscount(lines, { eggDiscountPercent: 10 })).toBe(9 * 2 + 12);
    expect(memberDiscount(lines, { eggDiscountPercent: 0 })).toBe(0);
  });

  it('prices an order for its membership: each line and the whole', () => {
    const lines = [
      { category: 'pascoa' as const, unitPrice: 89, quantity: 2 },
      { category: 'classicos' as const, unitPrice: 30, quantity: 1 },
    ];
    expect(memberPricing(lines, { plan: 'mensal', state: 'active' })).toEqual({
      eggDiscountPercent: 10,
      unitDiscounts: [9, 0],
      discount: 18,
      freeDelivery: true,
    });
    expect(memberPricing(lines, { plan: 'mensal', state: 'paused' })).toEqual({
      eggDiscountPercent: 0,
      unitDiscounts: [0, 0],
      discount: 0,
      freeDelivery: false,
    });
  });

  it("lists each Easter egg's unit discount for the checkout summary, nothing else", () => {
    const summary = checkoutMemberDiscount({ eggDiscountPercent: 10 }, seedProducts);
    expect(summary?.percent).toBe(10);
    const keys = Object.keys(summary?.unitDiscounts ?? {});
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const product = getSeedProduct(key)!;
      expect(product.category).toBe('pascoa');
      expect(summary?.unitDiscounts[key]).toBe(Math.round(product.price / 10));
    }
    expect(checkoutMemberDiscount({ eggDiscountPercent: 0 }, seedProducts)).toBeNull();
  });
});

import { getSeedProduct } from '@/lib/catalogue/seed';
import {
  clubMonth,
  clubPlans,
  clubSelections,
  getClubPlan,
  PLAN_KEYS,
  planSchema,
  pricePerBox,
  selectionFor,
  selectionSchema,
} from './config';

describe('club plans', () => {
  it('has the monthly and the quarterly plan, in whole reais', () => {
    expect(clubPlans.map((plan) => plan.key)).toEqual([...PLAN_KEYS]);
    for (const plan of clubPlans) {
      expect(Number.isInteger(plan.price)).toBe(true);
      expect(plan.price).toBeGreaterThan(0);
    }
    expect(getClubPlan('mensal')?.everyMonths).toBe(1);
    expect(getClubPlan('trimestral')?.everyMonths).toBe(3);
    expect(getClubPlan('anual')).toBeUndefined();
  });

  it('makes the longer plan cheaper per box, with at least the same perks', () => {
    const monthly = getClubPlan('mensal')!;
    const quarterly = getClubPlan('trimestral')!;
    expect(pricePerBox(quarterly)).toBeLessThan(pricePerBox(monthly));
    expect(pricePerBox(quarterly)).toBe(9900);
    expect(quarterly.perks.easterDiscountPercent).toBeGreaterThanOrEqual(
      monthly.perks.easterDiscountPercent,
    );
    for (const plan of clubPlans) expect(plan.perks.freeDelivery).toBe(true);
  });
});

describe('the schemas that check the data', () => {
  it('refuse a fraction of a centavo and an unknown perk', () => {
    const monthly = getClubPlan('mensal')!;
    expect(planSchema.safeParse(monthly).success).toBe(true);
    expect(planSchema.safeParse({ ...monthly, price: 10990.5 }).success).toBe(false);
    expect(
      planSchema.safeParse({ ...monthly, perks: { ...monthly.perks, freeEggs: true } }).success,
    ).toBe(false);
  });

  it('refuse a selection naming a product the catalogue lacks', () => {
    const entry = clubSelections[0]!;
    expect(selectionSchema.safeParse(entry).success).toBe(true);
    const unknown = { ...entry, productKeys: ['barra-inexistente'] };
    expect(selectionSchema.safeParse(unknown).success).toBe(false);
  });
});

describe('the month selection', () => {
  it('lists bars of the catalogue, each month in order', () => {
    for (const entry of clubSelections) {
      for (const key of entry.productKeys) expect(getSeedProduct(key)?.type).toBe('barras');
    }
    const months = clubSelections.map((entry) => entry.month);
    expect([...months].sort()).toEqual(months);
  });

  it('turns the month in Brazil, not in UTC', () => {
    // 02:00 UTC on 1 December is still 30 November, 23:00, in São Paulo.
    expect(clubMonth(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11');
    expect(clubMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12');
  });

  it("picks the month's own box, else the latest earlier one, else the first", () => {
    expect(selectionFor(new Date('2026-11-20T12:00:00Z')).month).toBe('2026-11');
    expect(selectionFor(new Date('2026-12-20T12:00:00Z')).month).toBe('2026-12');
    expect(selectionFor(new Date('2027-03-20T12:00:00Z')).month).toBe('2026-12');
    expect(selectionFor(new Date('2020-01-20T12:00:00Z')).month).toBe('2026-11');
  });
});

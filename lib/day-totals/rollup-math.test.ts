import {
  addTotals,
  changePercent,
  daysEnding,
  emptyTotals,
  orderContribution,
  shopDayOf,
  sumTotals,
  totalsFromDocument,
} from './rollup-math';

const ORDER = {
  orderDate: '2026-04-01T02:30:00.000Z',
  orderItems: [
    { key: 'ovo-pistache', quantity: 2, value: 183 },
    { key: 'mini-ovo', quantity: 1, value: 35 },
    { translatedTitle: 'sem chave', quantity: 1, value: 10 },
  ],
  total: 2 * 183 + 35 + 10 + 15,
  deliveryFee: 15,
  memberDiscount: { amount: 20 },
};

describe('day totals of an order', () => {
  it('count an order on its São Paulo day, with its fee and discount, and take it off once cancelled', () => {
    // 02:30 UTC on 1 April is 23:30 on 31 March in São Paulo.
    expect(shopDayOf(ORDER.orderDate)).toBe('2026-03-31');
    const placed = orderContribution(ORDER, 1);
    expect(placed).toEqual({
      orders: 1,
      revenue: 426,
      fees: 15,
      discounts: 20,
      units: { 'ovo-pistache': 2, 'mini-ovo': 1 },
      sales: { 'ovo-pistache': 366, 'mini-ovo': 35 },
    });
    const day = addTotals(addTotals(emptyTotals(), placed), orderContribution(ORDER, -1));
    expect(day).toEqual({
      orders: 0,
      revenue: 0,
      fees: 0,
      discounts: 0,
      units: { 'ovo-pistache': 0, 'mini-ovo': 0 },
      sales: { 'ovo-pistache': 0, 'mini-ovo': 0 },
    });
  });

  it('add up over days and read back from a stored document, anything unreadable as nothing', () => {
    const twice = sumTotals([orderContribution(ORDER, 1), orderContribution(ORDER, 1)]);
    expect(twice.orders).toBe(2);
    expect(twice.units['ovo-pistache']).toBe(4);
    expect(totalsFromDocument({ ...twice, day: '2026-03-31' })).toEqual(twice);
    expect(totalsFromDocument({ orders: 'x', units: { a: 'b' }, sales: null })).toEqual({
      ...emptyTotals(),
      units: { a: 0 },
    });
  });

  it('name the 30 days ending today, across a month, and the change against a week before', () => {
    const days = daysEnding('2026-03-02', 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-02-01');
    expect(days.at(-1)).toBe('2026-03-02');
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(10, 0)).toBeNull();
  });
});

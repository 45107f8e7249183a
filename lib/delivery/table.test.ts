import { onlinePaymentAmount, onlinePaymentItems } from '@/lib/orders/online-payment';

import { planDelivery } from './plan';
import { dayProblem, deliveryFee, offeredDays, shopToday, type DeliveryTable } from './table';
import { validateDeliveryTable, type DeliveryTableInput } from './validate';

const TABLE: DeliveryTable = {
  regions: [
    { name: 'Centro', from: '01000000', to: '01599999', fee: 10, days: 1 },
    { name: 'Capital', from: '01600000', to: '05999999', fee: 15, days: 2 },
    { name: 'Nordeste', from: '40000000', to: '65999999', fee: 60, days: 6 },
  ],
  freeAbove: 300,
  dailyCapacity: 5,
  // Monday to Saturday.
  weekdays: [1, 2, 3, 4, 5, 6],
  pickupDays: 1,
};

describe('deliveryFee', () => {
  it.each([
    ['01310-100', 'Centro', 10, 1],
    ['01000000', 'Centro', 10, 1],
    ['01599-999', 'Centro', 10, 1],
    ['01600-000', 'Capital', 15, 2],
    ['05433-000', 'Capital', 15, 2],
    ['50000-000', 'Nordeste', 60, 6],
  ])('a CEP in each region: %s is %s, R$ %i, %i days', (cep, region, fee, days) => {
    expect(deliveryFee(cep, 100, TABLE)).toEqual({ ok: true, region, fee, days, free: false });
  });

  it('is free from the threshold up, and with the club perk', () => {
    expect(deliveryFee('50000-000', 299, TABLE)).toMatchObject({ fee: 60, free: false });
    expect(deliveryFee('50000-000', 300, TABLE)).toMatchObject({ fee: 0, free: true });
    expect(deliveryFee('50000-000', 10, TABLE, { freeDelivery: true })).toMatchObject({ fee: 0 });
    expect(deliveryFee('50000-000', 10_000, { ...TABLE, freeAbove: null })).toMatchObject({
      fee: 60,
    });
  });

  it('refuses a CEP outside every region, or a malformed one', () => {
    for (const cep of ['06000-000', '70000-000', '99999-999', '', '1234', 'abcde-fgh']) {
      expect(deliveryFee(cep, 100, TABLE)).toEqual({ ok: false, reason: 'outside' });
    }
  });

  it('a region may start at 00000-000, but that placeholder is no address it delivers to', () => {
    const everywhere = validateDeliveryTable({
      regions: [{ name: 'Brasil', from: '00000-000', to: '99999-999', fee: 30, days: 5 }],
      freeAbove: 300,
      dailyCapacity: 5,
      weekdays: [1, 2, 3, 4, 5],
      pickupDays: 1,
    });
    if (!everywhere.ok) throw new Error(JSON.stringify(everywhere.problems));
    expect(deliveryFee('00001-000', 100, everywhere.table)).toMatchObject({ ok: true, fee: 30 });
    expect(deliveryFee('00000-000', 100, everywhere.table)).toEqual({
      ok: false,
      reason: 'outside',
    });
  });
});

describe('validateDeliveryTable', () => {
  const input = (overrides: Partial<DeliveryTableInput> = {}): DeliveryTableInput => ({
    regions: [
      { name: ' Centro ', from: '01000-000', to: '01599-999', fee: 10, days: 1 },
      { name: 'Nordeste', from: '40000000', to: '65999999', fee: 60, days: 6 },
    ],
    freeAbove: 300,
    dailyCapacity: 5,
    weekdays: [6, 1, 2, 1],
    pickupDays: 1,
    ...overrides,
  });
  const keys = (value: unknown) => {
    const result = validateDeliveryTable(value);
    return result.ok ? [] : result.problems;
  };

  it('normalises a good table: 8-digit CEPs, trimmed names, sorted weekdays', () => {
    expect(validateDeliveryTable(input())).toEqual({
      ok: true,
      table: {
        regions: [
          { name: 'Centro', from: '01000000', to: '01599999', fee: 10, days: 1 },
          { name: 'Nordeste', from: '40000000', to: '65999999', fee: 60, days: 6 },
        ],
        freeAbove: 300,
        dailyCapacity: 5,
        weekdays: [1, 2, 6],
        pickupDays: 1,
      },
    });
  });

  it('refuses overlapping ranges, naming both rows', () => {
    const regions = [
      { name: 'A', from: '01000-000', to: '01599-999', fee: 10, days: 1 },
      { name: 'B', from: '40000-000', to: '49999-999', fee: 10, days: 1 },
      { name: 'C', from: '01500-000', to: '02000-000', fee: 10, days: 1 },
    ];
    expect(keys(input({ regions }))).toEqual([{ key: 'rangesOverlap', row: 1, other: 3 }]);
    // Touching ends overlap too: a range is closed.
    const touching = [regions[0]!, { ...regions[2]!, from: '01599-999' }];
    expect(keys(input({ regions: touching }))).toEqual([
      { key: 'rangesOverlap', row: 1, other: 2 },
    ]);
  });

  it('refuses malformed or reversed ranges, negative or fractional fees, bad days', () => {
    const region = { name: 'A', from: '01000-000', to: '01599-999', fee: 10, days: 1 };
    expect(keys(input({ regions: [{ ...region, from: '0100-000' }] }))).toEqual([
      { key: 'cepInvalid', row: 1 },
    ]);
    expect(keys(input({ regions: [{ ...region, from: '02000-000' }] }))).toEqual([
      { key: 'rangeReversed', row: 1 },
    ]);
    expect(keys(input({ regions: [{ ...region, fee: -1 }] }))).toEqual([
      { key: 'feeInvalid', row: 1 },
    ]);
    expect(keys(input({ regions: [{ ...region, fee: 9.5 }] }))).toEqual([
      { key: 'feeInvalid', row: 1 },
    ]);
    expect(keys(input({ regions: [{ ...region, days: -2 }] }))).toEqual([
      { key: 'daysInvalid', row: 1 },
    ]);
    expect(keys(input({ regions: [{ ...region, name: '  ' }] }))).toEqual([
      { key: 'nameRequired', row: 1 },
    ]);
    expect(keys(input({ regions: [] }))).toEqual([{ key: 'regionsRequired' }]);
  });

  it('refuses zero capacity, no weekday, a bad threshold, and a shape that is not a table', () => {
    expect(keys(input({ dailyCapacity: 0 }))).toEqual([{ key: 'capacityInvalid' }]);
    expect(keys(input({ weekdays: [] }))).toEqual([{ key: 'weekdaysRequired' }]);
    expect(keys(input({ weekdays: [7] }))).toEqual([{ key: 'weekdaysRequired' }]);
    expect(keys(input({ freeAbove: -5 }))).toEqual([{ key: 'freeAboveInvalid' }]);
    expect(keys(input({ pickupDays: 1.5 }))).toEqual([{ key: 'pickupDaysInvalid' }]);
    expect(keys({ ...input(), fee: 3 })).toEqual([{ key: 'malformed' }]);
    expect(keys(input({ dailyCapacity: Number.NaN }))).toEqual([{ key: 'capacityInvalid' }]);
  });
});

describe('days', () => {
  // Wednesday 2026-03-25, 10:00 in São Paulo.
  const now = new Date('2026-03-25T13:00:00Z');

  it("counts in São Paulo's day", () => {
    expect(shopToday(now)).toBe('2026-03-25');
    // 23:30 in São Paulo is already the next day in UTC.
    expect(shopToday(new Date('2026-03-26T02:30:00Z'))).toBe('2026-03-25');
  });

  it('offers the shop weekdays from the lead time on, for three weeks', () => {
    const days = offeredDays(TABLE, 2, now);
    expect(days[0]).toBe('2026-03-27');
    // No Sundays.
    expect(days).not.toContain('2026-03-29');
    expect(days[days.length - 1]).toBe('2026-04-15');
  });

  it('refuses a past day, one too soon, a closed weekday and a malformed one', () => {
    expect(dayProblem('2026-03-24', TABLE, 1, now)).toBe('past');
    expect(dayProblem('2026-03-25', TABLE, 1, now)).toBe('not-offered');
    expect(dayProblem('2026-03-26', TABLE, 1, now)).toBeNull();
    expect(dayProblem('2026-03-29', TABLE, 1, now)).toBe('not-offered');
    expect(dayProblem('2026-05-01', TABLE, 1, now)).toBe('not-offered');
    expect(dayProblem('2026-02-30', TABLE, 1, now)).toBe('not-offered');
  });
});

describe('planDelivery', () => {
  const now = new Date('2026-03-25T13:00:00Z');

  it("prices delivery by region and checks the day against the region's lead time", () => {
    const order = { shippingOption: 'Entrega' as const, postalCode: '50000-000' };
    expect(planDelivery({ ...order, deliveryDate: '2026-03-31' }, 100, TABLE, { now })).toEqual({
      ok: true,
      plan: { fee: 60, days: ['2026-03-31'], capacity: 5 },
    });
    // Six days for the Nordeste: the 30th is too soon.
    expect(planDelivery({ ...order, deliveryDate: '2026-03-30' }, 100, TABLE, { now })).toEqual({
      ok: false,
      error: 'delivery-date',
    });
    expect(planDelivery({ ...order, postalCode: '70000-000' }, 100, TABLE, { now })).toEqual({
      ok: false,
      error: 'delivery-outside',
    });
  });

  it('gives an order that names no day every offered day, for delivery and pick-up', () => {
    // Placing it takes the first with room: no order escapes the days' capacity.
    for (const [order, lead, first] of [
      [{ shippingOption: 'Entrega' as const, postalCode: '50000-000' }, 6, '2026-03-31'],
      [{ shippingOption: 'Retirada' as const }, 1, '2026-03-26'],
    ] as const) {
      const planned = planDelivery(order, 100, TABLE, { now });
      expect(planned).toEqual({
        ok: true,
        plan: {
          fee: order.shippingOption === 'Entrega' ? 60 : 0,
          days: expect.any(Array),
          capacity: 5,
        },
      });
      const { days } = (planned as { plan: { days: string[] } }).plan;
      expect(days).toEqual(offeredDays(TABLE, lead, now));
      expect(days[0]).toBe(first);
    }
  });

  it('says there is no free day, not that a day is wrong, when the table offers none', () => {
    const closed = { ...TABLE, weekdays: [] };
    expect(planDelivery({ shippingOption: 'Retirada' }, 100, closed, { now })).toEqual({
      ok: false,
      error: 'delivery-no-days',
    });
    expect(
      planDelivery({ shippingOption: 'Retirada', deliveryDate: '2026-03-26' }, 100, closed, {
        now,
      }),
    ).toEqual({ ok: false, error: 'delivery-date' });
  });

  it('charges no fee for pick-up, whatever the CEP, and none without a table', () => {
    expect(
      planDelivery({ shippingOption: 'Retirada', deliveryDate: '2026-03-26' }, 100, TABLE, {
        now,
      }),
    ).toEqual({ ok: true, plan: { fee: 0, days: ['2026-03-26'], capacity: 5 } });
    expect(planDelivery({ shippingOption: 'Entrega', postalCode: '70000-000' }, 1, null)).toEqual({
      ok: true,
      plan: { fee: 0, days: [], capacity: null },
    });
  });
});

describe('the payment amount', () => {
  it('adds the delivery fee as a line of its own, in the order language', () => {
    const order = {
      locale: 'en' as const,
      orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Egg', quantity: 2, value: 35 }],
      deliveryFee: 15,
    };
    expect(onlinePaymentItems(order)).toEqual([
      { key: 'mini-ovo', title: 'Mini Egg', quantity: 2, unitPrice: 35 },
      { key: 'delivery-fee', title: 'Delivery fee', quantity: 1, unitPrice: 15 },
    ]);
    expect(onlinePaymentAmount(order)).toBe(85);
    expect(onlinePaymentAmount({ ...order, deliveryFee: 0 })).toBe(70);
  });
});

import { EMPTY_STATUS_FLAGS } from './status';

import {
  customerNameKey,
  matchesOrderFilters,
  NO_FILTERS,
  orderFiltersQuery,
  formatOrderCursor,
  parseOrderCursor,
  parseOrderFilters,
} from './order-filters';

describe('parseOrderFilters', () => {
  it('reads status, receiving method, search and cursor', () => {
    expect(
      parseOrderFilters({
        status: 'confirmed',
        shipping: 'Retirada',
        q: '  Ana@X ',
        after: '1735689600.000123456_ORDER_0001',
      }),
    ).toEqual({
      status: 'confirmed',
      shipping: 'Retirada',
      q: 'Ana@X',
      after: { seconds: 1735689600, nanoseconds: 123456, id: 'ORDER_0001' },
      before: null,
    });
    expect(parseOrderFilters({ before: '5.000000000_abc' }).before).toEqual({
      seconds: 5,
      nanoseconds: 0,
      id: 'abc',
    });
    // One direction at a time.
    expect(parseOrderFilters({ after: '5.000000000_a', before: '6.000000000_b' })).toMatchObject({
      after: { id: 'a' },
      before: null,
    });
  });

  it('treats anything malformed as no filter', () => {
    expect(parseOrderFilters({ status: 'Confirmado', shipping: 'entrega', after: '-1' })).toEqual(
      NO_FILTERS,
    );
    for (const bad of ['abc', '1.5_x', '1.000000000_', '1.000000000_a/b', '1.000000000_a b']) {
      expect(parseOrderCursor(bad)).toBeNull();
    }
    expect(parseOrderFilters({ status: ['delivered', 'cancelled'] }).status).toBe('delivered');
    expect(parseOrderFilters({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });

  it('round-trips through the query string', () => {
    const filters = {
      status: 'cancelled',
      shipping: 'Entrega',
      q: 'a b&c',
      after: null,
      before: { seconds: 12, nanoseconds: 5, id: 'X_1' },
    } as const;
    const query = orderFiltersQuery(filters);
    expect(query).toBe('?status=cancelled&shipping=Entrega&q=a+b%26c&before=12.000000005_X_1');
    expect(formatOrderCursor(filters.before)).toBe('12.000000005_X_1');
    expect(parseOrderFilters(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters);
    expect(orderFiltersQuery(NO_FILTERS)).toBe('');
  });
});

describe('matchesOrderFilters', () => {
  const order = {
    orderId: 'ABC12345',
    status: { ...EMPTY_STATUS_FLAGS },
    shippingOption: 'Retirada' as const,
    customer: { email: 'Cliente@Chocolates.local', name: 'Ângela  Souza' },
  };

  it('filters by the status label derived from the flags', () => {
    expect(matchesOrderFilters(order, { ...NO_FILTERS, status: 'awaitingApproval' })).toBe(true);
    expect(matchesOrderFilters(order, { ...NO_FILTERS, status: 'confirmed' })).toBe(false);
    const confirmed = { ...order, status: { ...EMPTY_STATUS_FLAGS, confirmed: true } };
    expect(matchesOrderFilters(confirmed, { ...NO_FILTERS, status: 'confirmed' })).toBe(true);
  });

  it('filters by receiving method', () => {
    expect(matchesOrderFilters(order, { ...NO_FILTERS, shipping: 'Retirada' })).toBe(true);
    expect(matchesOrderFilters(order, { ...NO_FILTERS, shipping: 'Entrega' })).toBe(false);
  });

  it('searches order ids and customer emails, ignoring case', () => {
    expect(matchesOrderFilters(order, { ...NO_FILTERS, q: 'abc123' })).toBe(true);
    expect(matchesOrderFilters(order, { ...NO_FILTERS, q: 'cliente@chocolates' })).toBe(true);
    expect(matchesOrderFilters(order, { ...NO_FILTERS, q: 'someone-else' })).toBe(false);
  });

  it("searches the start of the customer's name, ignoring case, accents and spacing", () => {
    for (const q of ['ang', 'ÂNGELA', 'angela sou']) {
      expect(matchesOrderFilters(order, { ...NO_FILTERS, q })).toBe(true);
    }
    expect(matchesOrderFilters(order, { ...NO_FILTERS, q: 'souza' })).toBe(false);
    expect(customerNameKey('  Ângela   Souza ')).toBe('angela souza');
  });
});

import { EMPTY_STATUS_FLAGS } from './status';

import {
  matchesOrderFilters,
  NO_FILTERS,
  orderFiltersQuery,
  pageOf,
  parseOrderFilters,
} from './order-filters';

describe('parseOrderFilters', () => {
  it('reads status, receiving method, search and page', () => {
    expect(
      parseOrderFilters({ status: 'confirmed', shipping: 'Retirada', q: '  Ana@X ', page: '3' }),
    ).toEqual({ status: 'confirmed', shipping: 'Retirada', q: 'Ana@X', page: 3 });
  });

  it('treats anything malformed as no filter', () => {
    expect(parseOrderFilters({ status: 'Confirmado', shipping: 'entrega', page: '-1' })).toEqual(
      NO_FILTERS,
    );
    expect(parseOrderFilters({ page: '2.5' }).page).toBe(1);
    expect(parseOrderFilters({ page: 'abc' }).page).toBe(1);
    expect(parseOrderFilters({ status: ['delivered', 'cancelled'] }).status).toBe('delivered');
    expect(parseOrderFilters({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });

  it('round-trips through the query string', () => {
    const filters = { status: 'cancelled', shipping: 'Entrega', q: 'a b&c', page: 2 } as const;
    const query = orderFiltersQuery(filters);
    expect(query).toBe('?status=cancelled&shipping=Entrega&q=a+b%26c&page=2');
    expect(parseOrderFilters(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters);
    expect(orderFiltersQuery(NO_FILTERS)).toBe('');
  });
});

describe('matchesOrderFilters', () => {
  const order = {
    orderID: 'ABC12345',
    status: { ...EMPTY_STATUS_FLAGS },
    shippingOption: 'Retirada' as const,
    customer: { email: 'Cliente@Chocolates.local' },
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
});

describe('pageOf', () => {
  const items = Array.from({ length: 45 }, (_, index) => index);

  it('slices pages of 20 and counts them', () => {
    expect(pageOf(items, 1)).toMatchObject({ total: 45, page: 1, pages: 3 });
    expect(pageOf(items, 1).items).toEqual(items.slice(0, 20));
    expect(pageOf(items, 3).items).toEqual(items.slice(40));
  });

  it('shows the last page for a page past the end, and one empty page for nothing', () => {
    expect(pageOf(items, 9)).toMatchObject({ page: 3, items: items.slice(40) });
    expect(pageOf([], 1)).toEqual({ items: [], total: 0, page: 1, pages: 1 });
  });
});

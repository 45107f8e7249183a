import { EMPTY_STATUS_FLAGS } from './status';
import type { Order } from './types';
import { newestFirst, RECENT_ORDERS_COUNT, visibleOrders } from './list';

const order = (orderId: string, orderDate: string): Order => ({
  orderId,
  orderDate,
  clientRef: 'u1',
  orderItems: [],
  status: { ...EMPTY_STATUS_FLAGS },
  shippingOption: 'Entrega',
  total: 0,
});

const orders = [
  order('jan', '2026-01-15T17:30:00.000Z'),
  order('apr', '2026-04-01T12:00:00.000Z'),
  order('bad', 'not a date'),
  order('mar', '2026-03-05T19:45:00.000Z'),
  order('feb', '2026-02-10T13:05:00.000Z'),
];

describe('orders list selection', () => {
  it('sorts newest first without touching the input, unreadable dates last', () => {
    expect(newestFirst(orders).map((o) => o.orderId)).toEqual(['apr', 'mar', 'feb', 'jan', 'bad']);
    expect(orders[0]?.orderId).toBe('jan');
  });

  it('shows the 3 most recent by default and everything on demand', () => {
    expect(RECENT_ORDERS_COUNT).toBe(3);
    expect(visibleOrders(orders, false).map((o) => o.orderId)).toEqual(['apr', 'mar', 'feb']);
    expect(visibleOrders(orders, true)).toHaveLength(5);
    expect(visibleOrders([], false)).toEqual([]);
  });
});

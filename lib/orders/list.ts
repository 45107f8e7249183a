// Which orders the account's orders list shows: the 3 most recent, newest first, or all of them
// behind a toggle. newestFirst is also the server's one order sort (lib/orders/repository/).
import type { Order } from './types';

export const RECENT_ORDERS_COUNT = 3;

/** The anchor of the orders on /usuario ('Ver meus pedidos' links there). */
export const ORDERS_ANCHOR = 'pedidos';

/** The anchor of the payment on an order's page ('Pagar' in the orders list links there). */
export const ORDER_PAYMENT_ANCHOR = 'pagamento';

/** A copy sorted newest first; orders with an unreadable date go last, in their given order. */
export function newestFirst<T extends Pick<Order, 'orderDate'>>(orders: readonly T[]): T[] {
  const time = (order: T) => {
    const value = Date.parse(order.orderDate);
    return Number.isNaN(value) ? -Infinity : value;
  };
  return [...orders].sort((a, b) => time(b) - time(a));
}

/** The orders to show: all of them, or only the most recent ones. */
export function visibleOrders(orders: readonly Order[], showAll: boolean): Order[] {
  const sorted = newestFirst(orders);
  return showAll ? sorted : sorted.slice(0, RECENT_ORDERS_COUNT);
}

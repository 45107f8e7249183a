// When a cancelled order's units go back to the shelf. Shared by every path that cancels (a
// failed Mercado Pago payment, an admin in the control panel), so they go back once and only once
// whoever cancels.
import { orderStatusKey } from './status';
import type { OrderItem, OrderStatusFlags } from './types';

/** Units per product key (items without a key or a positive integer count are skipped). */
export function unitsOf(items: readonly OrderItem[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) {
    if (!item.key || !Number.isInteger(item.quantity) || item.quantity <= 0) continue;
    units.set(item.key, (units.get(item.key) ?? 0) + item.quantity);
  }
  return units;
}

/**
 * The units to put back when the order (status `flags` before cancelling) is cancelled, or null
 * when they already went back (`stockReturned`) or they are not on the shelf: still in
 * production, or delivered. Units made and waiting for pick-up or out for delivery come back
 * (a no-show, a delivery that failed) and can be sold again.
 */
export function unitsToReturn(order: {
  orderItems: readonly OrderItem[];
  status: OrderStatusFlags;
  stockReturned: boolean;
}): Map<string, number> | null {
  const current = orderStatusKey(order.status);
  if (order.stockReturned || current === 'inProduction' || current === 'delivered') return null;
  return unitsOf(order.orderItems);
}

// Pure helpers of the live order updates, shared by the server endpoints and the browser.
import type { OrderStatusKey } from './types';

/** An order's current status, as the live-update endpoints report it. */
export type OrderStatusSnapshot = { orderId: string; status: OrderStatusKey };

/** Whether an order with this status can still change (neither delivered nor cancelled). */
export function isOpenStatus(status: OrderStatusKey): boolean {
  return status !== 'delivered' && status !== 'cancelled';
}

/**
 * A comparable summary of the open orders' statuses: two lists with the same open orders in the
 * same statuses give the same string, in any order; an order closing or a status moving changes it.
 */
export function openStatusFingerprint(orders: readonly OrderStatusSnapshot[]): string {
  return orders
    .filter((order) => isOpenStatus(order.status))
    .map((order) => `${order.orderId}:${order.status}`)
    .sort()
    .join(',');
}

/** An order placed or whose status changed after a given time, for the panel's live badge. */
export type OrderChange = OrderStatusSnapshot & {
  /** Placed after the time asked about (otherwise: its status changed). */
  placed: boolean;
  /** The e-mail of the admin whose change this is, when the last change was an admin's. */
  changedBy: string | null;
};

/**
 * The orders the panel has not shown yet: those already counted plus the new changes, one entry
 * per order (an order placed and then changed counts once).
 */
export function mergeUnseenChanges(
  unseen: ReadonlyMap<string, OrderChange>,
  changes: readonly OrderChange[],
): Map<string, OrderChange> {
  const merged = new Map(unseen);
  for (const change of changes) {
    const previous = merged.get(change.orderId);
    merged.set(change.orderId, { ...change, placed: change.placed || previous?.placed === true });
  }
  return merged;
}

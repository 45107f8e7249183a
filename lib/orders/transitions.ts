// The ONE table of the status changes an admin may make (docs/ARCHITECTURE.md). Pure: the control
// panel offers exactly these moves, and the server refuses anything else.
import { EMPTY_STATUS_FLAGS, ORDER_STATUS_KEYS, type OrderStatusKey } from './status';
import type { OrderStatusFlags, ShippingOption } from './types';

/** From each status, the statuses an admin may move an order to. Delivered and cancelled are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusKey, readonly OrderStatusKey[]>> =
  Object.freeze({
    awaitingApproval: ['waitingPayment', 'confirmed', 'cancelled'],
    waitingPayment: ['confirmed', 'cancelled'],
    confirmed: ['inProduction', 'cancelled'],
    inProduction: ['waitingForRetrieval', 'waitingForDelivery', 'cancelled'],
    // A no-show at the shop, or a delivery that came back: the units return to the shelf
    // (lib/orders/stock-return.ts).
    waitingForRetrieval: ['delivered', 'cancelled'],
    waitingForDelivery: ['delivered', 'cancelled'],
    delivered: [],
    cancelled: [],
  });

/** Statuses that only make sense for one receiving method. */
const ONLY_FOR_SHIPPING: Partial<Record<OrderStatusKey, ShippingOption>> = {
  waitingForRetrieval: 'Retirada',
  waitingForDelivery: 'Entrega',
};

export type TransitionRefusal = 'same' | 'final' | 'not-allowed' | 'wrong-shipping';

export type TransitionCheck = { ok: true } | { ok: false; reason: TransitionRefusal };

export function isOrderStatusKey(value: unknown): value is OrderStatusKey {
  return typeof value === 'string' && (ORDER_STATUS_KEYS as readonly string[]).includes(value);
}

/** Whether an order in `from` with `shippingOption` may move to `to`, and why not. */
export function checkTransition(
  from: OrderStatusKey,
  to: OrderStatusKey,
  shippingOption: ShippingOption,
): TransitionCheck {
  if (from === to) return { ok: false, reason: 'same' };
  const next = ORDER_TRANSITIONS[from];
  if (next.length === 0) return { ok: false, reason: 'final' };
  if (!next.includes(to)) return { ok: false, reason: 'not-allowed' };
  const only = ONLY_FOR_SHIPPING[to];
  if (only && only !== shippingOption) return { ok: false, reason: 'wrong-shipping' };
  return { ok: true };
}

/** The statuses an order in `from` may move to, given how it is received (table order). */
export function allowedTransitions(
  from: OrderStatusKey,
  shippingOption: ShippingOption,
): OrderStatusKey[] {
  return ORDER_TRANSITIONS[from].filter((to) => checkTransition(from, to, shippingOption).ok);
}

/**
 * The stored flags of a status: exactly one flag true, or all false for awaitingApproval, so the
 * one mapping (orderStatusKey) reads the status back unchanged.
 */
export function flagsForStatus(status: OrderStatusKey): OrderStatusFlags {
  const flags = { ...EMPTY_STATUS_FLAGS };
  if (status !== 'awaitingApproval') flags[status] = true;
  return flags;
}

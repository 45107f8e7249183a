// The one mapping from an order's status flags to the status shown to people. Labels live in the
// messages files under "OrderStatus", keyed by OrderStatusKey.
import type { OrderStatusFlags, OrderStatusKey } from './types';

export type { OrderStatusKey } from './types';

export type OrderStatusFlag = keyof OrderStatusFlags;

/**
 * The flags, most advanced first. When several are set (an order moves forward without its
 * earlier flags being cleared), the most advanced one describes where the order is now; a
 * cancellation overrides everything.
 */
export const STATUS_PRECEDENCE: readonly OrderStatusFlag[] = [
  'cancelled',
  'delivered',
  'waitingForDelivery',
  'waitingForRetrieval',
  'inProduction',
  'confirmed',
  'waitingPayment',
];

/** Every status key, in the order a label list would show them. */
export const ORDER_STATUS_KEYS: readonly OrderStatusKey[] = [
  'awaitingApproval',
  'waitingPayment',
  'confirmed',
  'inProduction',
  'waitingForRetrieval',
  'waitingForDelivery',
  'delivered',
  'cancelled',
];

/** All flags false: a new order awaiting approval. */
export const EMPTY_STATUS_FLAGS: Readonly<OrderStatusFlags> = Object.freeze({
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
});

/** The status key of an order; 'awaitingApproval' when no flag is exactly true. */
export function orderStatusKey(flags: Readonly<Partial<OrderStatusFlags>>): OrderStatusKey {
  // `=== true`: data from Firestore may hold strings or numbers, which must not count as set.
  return STATUS_PRECEDENCE.find((flag) => flags[flag] === true) ?? 'awaitingApproval';
}

/** Where an order stands, for the colour of its status chip (the label says the exact status). */
/**
 * Placed but neither paid nor confirmed by the shop: such an order holds its stock for a bounded
 * time only (lib/orders/expiry.ts) and counts toward an account's fair-stock limits.
 */
export function isOpenOrderStatus(key: OrderStatusKey): boolean {
  return key === 'awaitingApproval' || key === 'waitingPayment';
}

export type OrderStatusGroup = 'waiting' | 'inProgress' | 'done' | 'cancelled';

const STATUS_GROUPS: Readonly<Record<OrderStatusKey, OrderStatusGroup>> = {
  awaitingApproval: 'waiting',
  waitingPayment: 'waiting',
  confirmed: 'inProgress',
  inProduction: 'inProgress',
  waitingForRetrieval: 'inProgress',
  waitingForDelivery: 'inProgress',
  delivered: 'done',
  cancelled: 'cancelled',
};

/** The group of a status key: waiting (for the shop or the payment), in progress, done, cancelled. */
export function orderStatusGroup(key: OrderStatusKey): OrderStatusGroup {
  return STATUS_GROUPS[key];
}

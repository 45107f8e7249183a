import 'server-only';

import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

import { ordersCollection } from '@/lib/firebase/admin';

import { orderTotal } from './format';
import { STATUS_PRECEDENCE } from './status';
import type { Order, OrderItem, OrderStatusFlags, ShippingOption } from './types';

const ORDER_FIELDS = [
  'orderID',
  'orderDate',
  'clientRef',
  'orderItems',
  'status',
  'shippingOption',
  'total',
];

function readDate(value: unknown): Date | undefined {
  if (value instanceof Timestamp) return value.toDate();
  if (typeof value === 'string' || value instanceof Date) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

function readItems(value: unknown): OrderItem[] {
  if (!Array.isArray(value)) return [];
  const items: OrderItem[] = [];
  for (const raw of value as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { key, translatedTitle, quantity, value: price } = raw as Record<string, unknown>;
    if (typeof translatedTitle !== 'string') continue;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) continue;
    if (typeof price !== 'number' || !Number.isFinite(price)) continue;
    const item: OrderItem = { translatedTitle, quantity, value: price };
    if (typeof key === 'string') item.key = key;
    items.push(item);
  }
  return items;
}

function readStatus(value: unknown): OrderStatusFlags {
  const stored =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const flags = {} as OrderStatusFlags;
  // Only a stored `true` counts; anything else (missing, 'true', 1) is false.
  for (const flag of STATUS_PRECEDENCE) flags[flag] = stored[flag] === true;
  return flags;
}

/** The one mapping from a stored order document to the app's Order (plain, serializable). */
export function reshapeOrder(snapshot: QueryDocumentSnapshot): Order {
  const data = snapshot.data();
  const orderItems = readItems(data.orderItems);
  const shippingOption: ShippingOption =
    data.shippingOption === 'Retirada' ? 'Retirada' : 'Entrega';
  // A document without a readable date still belongs in the list; its creation time is the
  // closest truth available.
  const orderDate = readDate(data.orderDate) ?? snapshot.createTime.toDate();
  return {
    orderID: typeof data.orderID === 'string' && data.orderID ? data.orderID : snapshot.id,
    orderDate: orderDate.toISOString(),
    clientRef: typeof data.clientRef === 'string' ? data.clientRef : '',
    orderItems,
    status: readStatus(data.status),
    shippingOption,
    total:
      typeof data.total === 'number' && Number.isFinite(data.total)
        ? data.total
        : orderTotal(orderItems),
  };
}

/** The orders placed by `uid`, newest first; an empty list when there are none. */
export async function listOrdersByClient(uid: string): Promise<Order[]> {
  if (!uid) return [];
  const snapshot = await ordersCollection()
    .where('clientRef', '==', uid)
    .select(...ORDER_FIELDS)
    .get();
  return (
    snapshot.docs
      .map(reshapeOrder)
      // The query already filters; this guards the one rule that must never break.
      .filter((order) => order.clientRef === uid)
      // Sorted here, not with orderBy: where + orderBy on another field needs a composite index
      // in a real Firestore project, and a shopper's orders are few.
      .sort((a, b) => b.orderDate.localeCompare(a.orderDate))
  );
}

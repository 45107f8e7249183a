import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';

import { ordersCollection } from '@/lib/firebase/admin';

import { ORDER_ID_PATTERN } from '../limits';
import { newestFirst } from '../list';
import { isOpenStatus, type OrderChange, type OrderStatusSnapshot } from '../live';
import { awaitsOnlinePayment } from '../online-payment';
import { orderStatusKey } from '../status';
import type { Order, PaymentReview, PlacedOrder } from '../types';
import { reshapeOrder, type StoredOrder } from './stored';

// Reads of single orders and of one shopper's, and the views each audience may see of an order.

export function summaryOf(order: StoredOrder): Order {
  const { orderId, orderDate, clientRef, orderItems, status, shippingOption, total } = order;
  return { orderId, orderDate, clientRef, orderItems, status, shippingOption, total };
}

/** What the panel must flag about the order's payment, or null when nothing. */
export function paymentReviewOf(
  order: Pick<StoredOrder, 'payment' | 'extraPayments'>,
): PaymentReview | null {
  if (order.payment.status !== 'needs-review' && order.extraPayments.length === 0) return null;
  return { paymentId: order.payment.paymentId, extraPayments: order.extraPayments };
}

function placedOrderOf(order: StoredOrder, viewerUid: string): PlacedOrder {
  const { orderId, orderDate, locale, status, shippingOption, total, address, telephone } = order;
  return {
    orderId,
    orderDate,
    locale,
    orderItems: order.orderItems.map((item) => ({ ...item, key: item.key ?? '' })),
    total,
    memberDiscount: order.memberDiscount ?? null,
    shippingOption,
    address,
    telephone,
    recipientName: order.recipientName ?? '',
    coupon: order.coupon ?? null,
    status,
    payment: order.payment,
    statusHistory: order.statusHistory,
    ownedByViewer: order.clientRef === viewerUid,
    deliveryFee: order.deliveryFee,
    deliveryDate: order.deliveryDate,
  };
}

/** The order `orderId`, or null (unknown or malformed id). */
export async function getOrder(orderId: string): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderId)) return null;
  return reshapeOrder(await ordersCollection().doc(orderId).get());
}

/** Inside `transaction`, the order `orderId`, or null. */
export async function getOrderInTransaction(
  transaction: Transaction,
  orderId: string,
): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderId)) return null;
  return reshapeOrder(await transaction.get(ordersCollection().doc(orderId)));
}

/**
 * The order `orderId` for its page: only when it belongs to `viewer.uid`, or to anyone for an
 * admin; null otherwise (unknown id or someone else's).
 */
export async function getOrderForViewer(
  orderId: string,
  viewer: { uid: string; isAdmin: boolean },
): Promise<PlacedOrder | null> {
  if (!viewer.uid) return null;
  const order = await getOrder(orderId);
  if (!order || (order.clientRef !== viewer.uid && !viewer.isAdmin)) return null;
  return placedOrderOf(order, viewer.uid);
}

/**
 * The orders placed by `uid`, newest first; an empty list when there are none. With
 * `onlinePayment` (Mercado Pago is configured), each unpaid one says it can be paid online.
 */
export async function listOrdersForUser(
  uid: string,
  { onlinePayment = false }: { onlinePayment?: boolean } = {},
): Promise<Order[]> {
  if (!uid) return [];
  const snapshot = await ordersCollection().where('clientRef', '==', uid).get();
  const orders = snapshot.docs
    .map(reshapeOrder)
    .filter((order): order is StoredOrder => order !== null)
    // The query already filters; this guards the one rule that must never break.
    .filter((order) => order.clientRef === uid);
  // Sorted here, not with orderBy: where + orderBy on another field needs a composite index in a
  // real Firestore project, and a shopper's orders are few.
  return newestFirst(orders).map((order) => ({
    ...summaryOf(order),
    payOnline: onlinePayment && awaitsOnlinePayment(order),
  }));
}

/**
 * The status of each open order (neither delivered nor cancelled) of `uid`: the shopper's live
 * updates compare these with the list they show, so a change (or an order closing) refetches it.
 */
export async function listOpenOrderStatuses(uid: string): Promise<OrderStatusSnapshot[]> {
  return (await listOrdersForUser(uid))
    .map((order) => ({ orderId: order.orderId, status: orderStatusKey(order.status) }))
    .filter(({ status }) => isOpenStatus(status));
}

/** The most changes one poll reports; the badge only needs to know that there are many. */
export const MAX_ORDER_CHANGES = 100;

/**
 * Orders placed or whose status changed strictly after `since`, oldest change first. Reads the
 * single-field `statusChangedAt` index (written by every status write), so it costs the changes
 * only; orders stored before that field existed are not reported.
 */
export async function listOrderChangesSince(since: Date): Promise<OrderChange[]> {
  const snapshot = await ordersCollection()
    .where('statusChangedAt', '>', Timestamp.fromDate(since))
    .orderBy('statusChangedAt')
    .limit(MAX_ORDER_CHANGES)
    .get();
  return snapshot.docs
    .map(reshapeOrder)
    .filter((order): order is StoredOrder => order !== null)
    .map((order) => {
      const status = orderStatusKey(order.status);
      const lastChange = order.lastChange;
      return {
        orderId: order.orderId,
        status,
        placed: Date.parse(order.orderDate) > since.getTime(),
        changedBy: lastChange && lastChange.to === status ? lastChange.byEmail || null : null,
      };
    });
}

/**
 * Inside `transaction`, whether any order names the product `key` (orders placed since they
 * carry `productKeys`; the catalogue marks products ordered before that as `ordered`).
 */
export async function hasOrdersFor(transaction: Transaction, key: string): Promise<boolean> {
  const query = ordersCollection().where('productKeys', 'array-contains', key).limit(1);
  return !(await transaction.get(query)).empty;
}

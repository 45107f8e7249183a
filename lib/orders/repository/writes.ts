import 'server-only';

import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type Transaction,
} from 'firebase-admin/firestore';

import { ordersCollection } from '@/lib/firebase/admin';
import type { locales } from '@/lib/i18n/locales';
import type { OrderPaymentStatus } from '@/lib/payments/types';
import type { Address } from '@/lib/users/types';

import { orderTotal } from '../format';
import { customerNameKey, orderIdParts } from '../order-filters';
import { EMPTY_STATUS_FLAGS, orderStatusKey, type OrderStatusKey } from '../status';
import type {
  ExtraPayment,
  MemberDiscount,
  OrderCoupon,
  OrderItem,
  OrderStatusFlags,
  ShippingOption,
} from '../types';
import { AMOUNTS_IN_CENTAVOS, historyEntry, reshapeOrder, type StoredOrder } from './stored';

// Every write of `orders/{id}`: placing, payment bookkeeping, status changes; and expiry's reads
// and writes (lib/orders/expiry.ts decides).

// Enough to recognise any redelivery of recent payment events; older ones are also harmless
// because each payment transition checks the order's current state.
const MAX_PROCESSED_EVENTS = 50;

/** A new order as the checkout decided it; the repository adds the bookkeeping fields. */
export type NewOrder = {
  orderId: string;
  clientRef: string;
  orderItems: (OrderItem & { key: string })[];
  shippingOption: ShippingOption;
  locale: (typeof locales)[number];
  address: Address | null;
  telephone: string;
  cpf: string | null;
  customer: { name: string; email: string };
  /** Whether the order will be paid online (Mercado Pago configured) or by hand. */
  paymentProvider: 'mercadopago' | 'manual';
  /** When it stops holding its stock unpaid (lib/orders/expiry.ts); null: never. */
  expiresAt: Date | null;
  /** Centavos, added to the total (lib/delivery/table.ts); 0 when absent. */
  deliveryFee?: number;
  /** The delivery or pick-up day, 'yyyy-mm-dd'; null or absent: none chosen. */
  deliveryDate?: string | null;
  /** The gift card's message; '' or missing: none. */
  giftMessage?: string;
  /** Who receives the order; '' or missing: the customer. */
  recipientName?: string;
  /** The club member's discount, already in the items' values (lib/club/perks.ts). */
  memberDiscount?: MemberDiscount | null;
  /** The coupon it carries and what it took off the total (lib/coupons/rules.ts). */
  coupon?: OrderCoupon | null;
  /** The coupon use shard its use was taken from. */
  couponShard?: number | null;
};

/** Inside `transaction`, creates the order (the transaction fails if the id is taken). */
export function createOrder(transaction: Transaction, order: NewOrder): StoredOrder {
  const online = order.paymentProvider === 'mercadopago';
  const deliveryFee = order.deliveryFee ?? 0;
  const deliveryDate = order.deliveryDate ?? null;
  const total = orderTotal(order.orderItems) + deliveryFee - (order.coupon?.amount ?? 0);
  const payment = {
    provider: order.paymentProvider,
    status: (online ? 'pending' : 'not-required') as OrderPaymentStatus,
    preferenceId: null,
    initPoint: null,
    paymentId: null,
  };
  transaction.create(ordersCollection().doc(order.orderId), {
    ...AMOUNTS_IN_CENTAVOS,
    // The stored field keeps the spelling of the orders already stored (./stored.ts reads it).
    orderID: order.orderId,
    // For the catalogue: a product some order names keeps its key (hasOrdersFor).
    productKeys: [...new Set(order.orderItems.map((item) => item.key))],
    orderDate: FieldValue.serverTimestamp(),
    clientRef: order.clientRef,
    orderItems: order.orderItems,
    status: { ...EMPTY_STATUS_FLAGS },
    // Stored for the panel's and the expiry's queries (a status key, a case-free e-mail and name).
    statusKey: 'awaitingApproval' satisfies OrderStatusKey,
    statusChangedAt: FieldValue.serverTimestamp(),
    customerEmailLower: order.customer.email.toLowerCase(),
    customerNameKey: customerNameKey(order.customer.name),
    orderIdParts: orderIdParts(order.orderId),
    expiresAt: order.expiresAt ? Timestamp.fromDate(order.expiresAt) : null,
    shippingOption: order.shippingOption,
    total,
    memberDiscount: order.memberDiscount ?? null,
    locale: order.locale,
    address: order.address,
    telephone: order.telephone,
    cpf: order.cpf,
    giftMessage: order.giftMessage ?? '',
    recipientName: order.recipientName ?? '',
    coupon: order.coupon ?? null,
    couponShard: order.couponShard ?? null,
    customer: order.customer,
    deliveryFee,
    deliveryDate,
    payment: { ...payment, attempts: 0, processed: [] },
    stockReturned: false,
    audit: [],
    statusHistory: [historyEntry('awaitingApproval', new Date())],
  });
  return {
    orderId: order.orderId,
    // The server timestamp is only known after the commit; nobody reads this one.
    orderDate: new Date().toISOString(),
    clientRef: order.clientRef,
    orderItems: order.orderItems,
    status: { ...EMPTY_STATUS_FLAGS },
    shippingOption: order.shippingOption,
    total,
    memberDiscount: order.memberDiscount ?? null,
    locale: order.locale,
    customer: order.customer,
    telephone: order.telephone,
    address: order.address,
    cpf: order.cpf,
    giftMessage: order.giftMessage ?? '',
    recipientName: order.recipientName ?? '',
    coupon: order.coupon ?? null,
    payment,
    lastChange: null,
    stockReturned: false,
    couponShard: order.couponShard ?? null,
    couponReturned: false,
    paymentAttempts: 0,
    processedPaymentEvents: [],
    extraPayments: [],
    refunds: [],
    expiresAt: order.expiresAt,
    deliveryFee,
    deliveryDate,
    statusHistory: [{ status: 'awaitingApproval', at: new Date().toISOString() }],
  };
}

/** Records the Mercado Pago preference made for the order (attempt `attempt`, 0-based). */
export async function recordPreference(
  orderId: string,
  preference: { preferenceId: string; initPoint: string },
  attempt: number,
  expiresAt: Date,
): Promise<void> {
  await ordersCollection()
    .doc(orderId)
    .update({
      // A manual order (placed while payments were off) becomes payable online.
      'payment.provider': 'mercadopago',
      'payment.status': 'pending' satisfies OrderPaymentStatus,
      'payment.preferenceId': preference.preferenceId,
      'payment.initPoint': preference.initPoint,
      'payment.attempts': attempt + 1,
      expiresAt: Timestamp.fromDate(expiresAt),
    });
}

/** Records that making a payment preference for the order failed. */
export async function recordPaymentError(orderId: string): Promise<void> {
  await ordersCollection()
    .doc(orderId)
    .update({ 'payment.status': 'error' satisfies OrderPaymentStatus });
}

/** Inside `transaction`, an admin's status change: the new flags and an audit entry. */
export function applyStatusChange(
  transaction: Transaction,
  orderId: string,
  change: {
    status: OrderStatusFlags;
    from: OrderStatusKey;
    to: OrderStatusKey;
    by: { uid: string; email: string };
    stockReturned: boolean;
    couponReturned?: boolean;
    /** When it was made: the audit entry's time, also shown at once in the panel. */
    at: Date;
  },
): void {
  const update: DocumentData = {
    status: change.status,
    statusKey: change.to,
    statusChangedAt: FieldValue.serverTimestamp(),
    // A paid, approved or cancelled order no longer expires.
    expiresAt: null,
    audit: FieldValue.arrayUnion({
      at: Timestamp.fromDate(change.at),
      by: { uid: change.by.uid, email: change.by.email },
      from: change.from,
      to: change.to,
    }),
    statusHistory: FieldValue.arrayUnion(historyEntry(change.to, change.at)),
  };
  if (change.stockReturned) update.stockReturned = true;
  if (change.couponReturned) update.couponReturned = true;
  transaction.update(ordersCollection().doc(orderId), update);
}

/** Inside `transaction`, what a Mercado Pago payment event did to the order (audited). */
export function applyPaymentUpdate(
  transaction: Transaction,
  orderId: string,
  processedEvents: readonly string[],
  update: {
    payment: { id: string; status: string };
    /** The order's new flags, when the payment changed them. */
    status?: OrderStatusFlags;
    /** The order's new payment status, when the event settles one. */
    paymentStatus?: OrderPaymentStatus;
    stockReturned?: boolean;
    couponReturned?: boolean;
    /**
     * The order's extra payments so far, when this one paid an order another payment had already
     * paid: it is added to them and `payment.paymentId` keeps the first payment.
     */
    extraPaymentsBefore?: readonly ExtraPayment[];
    /** What the shop did with the event, for the audit trail. */
    change: string;
    /** The payment (`amount` reais) reached the order after it was cancelled: owed back. */
    refundOwed?: { amount: number };
  },
): void {
  const { payment } = update;
  const fields: DocumentData = {};
  if (update.status) {
    fields.status = update.status;
    fields.statusKey = orderStatusKey(update.status);
    fields.statusChangedAt = FieldValue.serverTimestamp();
    fields.statusHistory = FieldValue.arrayUnion(
      historyEntry(orderStatusKey(update.status), new Date()),
    );
  }
  if (update.stockReturned !== undefined) fields.stockReturned = update.stockReturned;
  if (update.couponReturned) fields.couponReturned = true;
  if (update.paymentStatus) fields['payment.status'] = update.paymentStatus;
  if (update.extraPaymentsBefore) {
    // The whole array, rewritten inside the transaction: the stored `at` is a Timestamp again.
    fields['payment.extraPayments'] = [
      ...update.extraPaymentsBefore.map((extra) => ({
        paymentId: extra.paymentId,
        status: extra.status,
        at: extra.at ? Timestamp.fromDate(new Date(extra.at)) : null,
      })),
      { paymentId: payment.id, status: payment.status, at: Timestamp.now() },
    ];
  } else if (update.paymentStatus) {
    fields['payment.paymentId'] = payment.id;
  }
  if (update.refundOwed) {
    fields[`payment.refunds.${payment.id}`] = {
      amount: update.refundOwed.amount,
      state: 'owed',
      at: Timestamp.now(),
    };
  }
  fields['payment.lastPaymentStatus'] = payment.status;
  fields['payment.processed'] = [...processedEvents, paymentEventKey(payment)].slice(
    -MAX_PROCESSED_EVENTS,
  );
  fields.audit = FieldValue.arrayUnion({
    at: Timestamp.now(),
    source: 'mercadopago',
    paymentId: payment.id,
    paymentStatus: payment.status,
    change: update.change,
  });
  transaction.update(ordersCollection().doc(orderId), fields);
}

/**
 * Inside `transaction`, how the refund of `paymentId` (a payment that reached the cancelled order
 * `orderId`) ended: refunded, or given up for a person to refund by hand.
 */
export function recordRefundOutcome(
  transaction: Transaction,
  orderId: string,
  refund: { paymentId: string; amount: number; state: 'refunded' | 'failed' },
): void {
  transaction.update(
    ordersCollection().doc(orderId),
    new FieldPath('payment', 'refunds', refund.paymentId),
    { amount: refund.amount, state: refund.state, at: Timestamp.now() },
  );
}

// ---------------------------------------------------------------------------------------------
// Expiry (lib/orders/expiry.ts decides; these read and write).

/** Inside `transaction`, `uid`'s orders that are neither confirmed nor cancelled. */
export async function listUnsettledOrdersInTransaction(
  transaction: Transaction,
  uid: string,
): Promise<StoredOrder[]> {
  const snapshot = await transaction.get(
    ordersCollection()
      .where('clientRef', '==', uid)
      .where('status.confirmed', '==', false)
      .where('status.cancelled', '==', false),
  );
  return snapshot.docs
    .map(reshapeOrder)
    .filter((order): order is StoredOrder => order !== null && order.clientRef === uid);
}

/**
 * Ids of orders that may be due to expire at `now`: `expiresAt` passed, or (orders stored before
 * `expiresAt` existed) an unpaid online payment placed before `legacyPlacedBefore`. At most
 * `limit` of each; the caller re-checks each one in a transaction.
 */
export async function listExpiryCandidates(
  now: Date,
  legacyPlacedBefore: Date,
  unpaidStatuses: readonly OrderPaymentStatus[],
  limit: number,
): Promise<string[]> {
  const [due, legacy] = await Promise.all([
    ordersCollection()
      .where('expiresAt', '<=', Timestamp.fromDate(now))
      .orderBy('expiresAt')
      .limit(limit)
      .select()
      .get(),
    ordersCollection()
      .where('payment.status', 'in', [...unpaidStatuses])
      .where('orderDate', '<=', Timestamp.fromDate(legacyPlacedBefore))
      .limit(limit)
      .select('expiresAt')
      .get(),
  ]);
  const ids = new Set(due.docs.map((doc) => doc.id));
  for (const doc of legacy.docs) if (doc.get('expiresAt') === undefined) ids.add(doc.id);
  return [...ids];
}

/** Inside `transaction`, an unpaid order's expiry: cancelled, audited, never to expire again. */
export function applyExpiry(
  transaction: Transaction,
  orderId: string,
  change: { from: OrderStatusKey; at: Date; stockReturned: boolean; couponReturned?: boolean },
): void {
  const update: DocumentData = {
    status: { ...EMPTY_STATUS_FLAGS, cancelled: true },
    statusKey: 'cancelled' satisfies OrderStatusKey,
    statusChangedAt: FieldValue.serverTimestamp(),
    expiresAt: null,
    'payment.status': 'cancelled' satisfies OrderPaymentStatus,
    audit: FieldValue.arrayUnion({
      at: Timestamp.fromDate(change.at),
      by: { uid: 'system', email: '' },
      from: change.from,
      to: 'cancelled',
      reason: 'payment-expired',
    }),
    statusHistory: FieldValue.arrayUnion(historyEntry('cancelled', change.at)),
  };
  if (change.stockReturned) update.stockReturned = true;
  if (change.couponReturned) update.couponReturned = true;
  transaction.update(ordersCollection().doc(orderId), update);
}

/** Inside `transaction`, clears `expiresAt` of an order that no longer awaits payment. */
export function clearExpiry(transaction: Transaction, orderId: string): void {
  transaction.update(ordersCollection().doc(orderId), { expiresAt: null });
}

/** The key under which a payment event is remembered as applied. */
export function paymentEventKey(payment: { id: string; status: string }): string {
  return `${payment.id}:${payment.status}`;
}

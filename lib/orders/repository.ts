import 'server-only';

import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';

import { getAdminDb, ordersCollection, shopPath } from '@/lib/firebase/admin';
import { locales } from '@/lib/i18n/locales';
import { ORDER_PAYMENT_STATUSES, type OrderPaymentStatus } from '@/lib/payments/types';
import { getUserContacts, getUserIdsByEmail, markUserOrdersChanged } from '@/lib/users/repository';
import { ADDRESS_FIELDS, LATER_ADDRESS_FIELDS, type Address } from '@/lib/users/types';

import { orderTotal } from './format';
import { ORDER_ID_PATTERN } from './limits';
import { newestFirst } from './list';
import { awaitsOnlinePayment } from './online-payment';
import { isOpenStatus, type OrderChange, type OrderStatusSnapshot } from './live';
import {
  customerNameKey,
  orderIdPartOf,
  orderIdParts,
  matchesOrderFilters,
  ORDERS_PAGE_SIZE,
  type OrderCursor,
  type OrderFilters,
} from './order-filters';
import {
  EMPTY_STATUS_FLAGS,
  isOpenOrderStatus,
  orderStatusKey,
  type OrderStatusKey,
} from './status';
import { isOrderStatusKey } from './transitions';
import type {
  AdminOrder,
  ExtraPayment,
  MemberDiscount,
  OrderCoupon,
  Order,
  OrderDetails,
  OrderItem,
  OrderStatusFlags,
  PaymentRefund,
  PaymentReview,
  PlacedOrder,
  ShippingOption,
  StatusChange,
  StatusHistoryEntry,
} from './types';
import { logFailure } from '@/lib/log';

// The one reader and writer of `orders/{id}`. Everything else (placing an order, the panel's
// status change, the Mercado Pago webhook) is a use-case over these functions; see
// docs/ARCHITECTURE.md for who calls what.

// Enough to recognise any redelivery of recent payment events; older ones are also harmless
// because each payment transition checks the order's current state.
const MAX_PROCESSED_EVENTS = 50;

// ---------------------------------------------------------------------------------------------
// The stored document: one schema. Orders are written by this module, but older and hand-edited
// documents exist, so every field falls back to a safe value instead of failing the whole list.

/** Only a stored `true` counts; anything else (missing, 'true', 1) is false. */
const flag = z.boolean().catch(false);
const text = z.string().catch('');

const statusSchema = z
  .object({
    confirmed: flag,
    waitingPayment: flag,
    inProduction: flag,
    waitingForRetrieval: flag,
    waitingForDelivery: flag,
    delivered: flag,
    cancelled: flag,
  })
  .catch({ ...EMPTY_STATUS_FLAGS });

const itemSchema = z.object({
  key: z.string().optional().catch(undefined),
  translatedTitle: z.string(),
  quantity: z.number(),
  value: z.number(),
});

/** The readable items; an unreadable one is left out rather than shown with made-up values. */
const itemsSchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): OrderItem[] => {
      const parsed = itemSchema.safeParse(entry);
      if (!parsed.success) return [];
      const { key, ...item } = parsed.data;
      return [key === undefined ? item : { key, ...item }];
    }),
  );

const dateSchema = z
  .union([
    z.instanceof(Timestamp).transform((value) => value.toDate()),
    z.union([z.string(), z.date()]).transform((value) => new Date(value)),
  ])
  .optional()
  .catch(undefined)
  .transform((date) => (date && !Number.isNaN(date.getTime()) ? date : undefined));

const addressSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .catch(null)
  .transform((stored): Address | null => {
    if (!stored) return null;
    const address = {} as Address;
    for (const field of ADDRESS_FIELDS) {
      const value = stored[field];
      // Bairro and Estado came later: an older order simply has none.
      if (typeof value === 'string') address[field] = value;
      else if (!LATER_ADDRESS_FIELDS.includes(field)) address[field] = '';
    }
    return address;
  });

/** The readable entries of `payment.extraPayments`; an unreadable one is left out. */
const extraPaymentsSchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): ExtraPayment[] => {
      const parsed = z
        .object({
          paymentId: z.string().min(1),
          status: text,
          at: z.instanceof(Timestamp).optional().catch(undefined),
        })
        .safeParse(entry);
      if (!parsed.success) return [];
      const { paymentId, status, at } = parsed.data;
      return [{ paymentId, status, at: at ? at.toDate().toISOString() : '' }];
    }),
  );

/** `payment.refunds` (by payment id) as a list; an unreadable entry is left out. */
const refundsSchema = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((raw) =>
    Object.entries(raw).flatMap(([paymentId, entry]): PaymentRefund[] => {
      const parsed = z
        .object({
          amount: z.number().nonnegative(),
          state: z.enum(['owed', 'refunded', 'failed']),
          at: z.instanceof(Timestamp).optional().catch(undefined),
        })
        .safeParse(entry);
      if (!parsed.success) return [];
      const { amount, state, at } = parsed.data;
      return [{ paymentId, amount, state, at: at ? at.toDate().toISOString() : '' }];
    }),
  );

const paymentSchema = z
  .object({
    provider: z.enum(['mercadopago', 'manual']).catch('manual'),
    status: z
      .enum(ORDER_PAYMENT_STATUSES as [OrderPaymentStatus, ...OrderPaymentStatus[]])
      .catch('pending'),
    preferenceId: z.string().nullable().catch(null),
    initPoint: z.string().nullable().catch(null),
    paymentId: z.string().nullable().catch(null),
    /** How many preferences were made; each retry needs a fresh idempotency key. */
    attempts: z.number().int().nonnegative().catch(0),
    /** `${paymentId}:${status}` of each webhook update applied (deduplicates deliveries). */
    processed: z.array(z.string()).catch([]),
    /** Payments that arrived after another one had paid the order (double charges). */
    extraPayments: extraPaymentsSchema,
    /** Payments that arrived after the order was cancelled, refunded (lib/orders/refunds.ts). */
    refunds: refundsSchema,
  })
  .catch({
    provider: 'manual',
    status: 'pending',
    preferenceId: null,
    initPoint: null,
    paymentId: null,
    attempts: 0,
    processed: [],
    extraPayments: [],
    refunds: [],
  });

const auditEntrySchema = z.object({
  at: z.instanceof(Timestamp).optional().catch(undefined),
  by: z.object({ email: text }).catch({ email: '' }),
  from: z.unknown(),
  to: z.unknown(),
});

/** The newest admin status change; Mercado Pago entries carry no from/to and are skipped. */
const lastChangeSchema = z
  .array(z.unknown())
  .catch([])
  .transform((audit): StatusChange | null => {
    for (let index = audit.length - 1; index >= 0; index -= 1) {
      const parsed = auditEntrySchema.safeParse(audit[index]);
      if (!parsed.success) continue;
      const { at, by, from, to } = parsed.data;
      if (!isOrderStatusKey(from) || !isOrderStatusKey(to)) continue;
      return { at: at ? at.toDate().toISOString() : '', byEmail: by.email, from, to };
    }
    return null;
  });

/**
 * The readable entries of `statusHistory` ({status, at} appended by every status write below);
 * an unreadable one is left out.
 */
const statusHistorySchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): StatusHistoryEntry[] => {
      const parsed = z
        .object({ status: z.unknown(), at: z.instanceof(Timestamp).optional().catch(undefined) })
        .safeParse(entry);
      if (!parsed.success || !isOrderStatusKey(parsed.data.status)) return [];
      return [{ status: parsed.data.status, at: parsed.data.at?.toDate().toISOString() ?? '' }];
    }),
  );

/** A status history entry as stored: the status and its time. */
function historyEntry(status: OrderStatusKey, at: Date) {
  return { status, at: Timestamp.fromDate(at) };
}

const orderDocumentSchema = z.object({
  orderID: z.string().min(1).optional().catch(undefined),
  orderDate: dateSchema,
  clientRef: text,
  orderItems: itemsSchema,
  status: statusSchema,
  shippingOption: z.enum(['Entrega', 'Retirada']).catch('Entrega'),
  total: z.number().optional().catch(undefined),
  memberDiscount: z
    .object({ percent: z.number().int().positive(), amount: z.number().positive() })
    .nullable()
    .catch(null)
    .default(null),
  locale: z.enum(locales).catch('pt-BR'),
  address: addressSchema,
  telephone: text,
  customer: z.object({ name: text, email: text }).catch({ name: '', email: '' }),
  payment: paymentSchema,
  /** Set once the order's units went back to the inventory, so they never go back twice. */
  stockReturned: flag,
  audit: lastChangeSchema,
  statusHistory: statusHistorySchema,
  /** When an unpaid online order stops holding its stock; null: never; missing: older order. */
  expiresAt: z
    .instanceof(Timestamp)
    .transform((value) => value.toDate())
    .nullable()
    .optional()
    .catch(null),
  // Delivery fee and day (lib/delivery): missing on orders placed before them.
  deliveryFee: z.number().int().min(0).catch(0),
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  // Issue 29: what the shop needs to invoice and pack; older orders have neither.
  cpf: z.string().nullable().catch(null),
  giftMessage: text,
  recipientName: text,
  coupon: z
    .object({ code: z.string().min(1), amount: z.number().nonnegative() })
    .nullable()
    .catch(null)
    .default(null),
  /** The coupon use shard its use came from (lib/coupons/repository.ts); null: none recorded. */
  couponShard: z.number().int().nonnegative().nullable().catch(null).default(null),
  /** Set once its coupon's use went back, so it never goes back twice. */
  couponReturned: flag,
});

/** An order as the use-cases see it: the app's view plus the bookkeeping they act on. */
export type StoredOrder = OrderDetails & {
  stockReturned: boolean;
  couponShard: number | null;
  couponReturned: boolean;
  paymentAttempts: number;
  processedPaymentEvents: string[];
  /** Payments that paid the order again after `payment.paymentId` had paid it. */
  extraPayments: ExtraPayment[];
  /** Payments that reached it after it was cancelled, and their refunds. */
  refunds: PaymentRefund[];
  /** See lib/orders/expiry.ts; undefined for orders stored before expiry existed. */
  expiresAt: Date | null | undefined;
  statusHistory: StatusHistoryEntry[];
};

/**
 * The statuses an order went through, oldest first. Every order starts awaiting approval when it
 * is placed and ends at its current status; an order stored before `statusHistory` existed (or
 * whose first entries predate it) gets those two ends from its date and flags, the current one
 * timed by the last admin change when that change led to it.
 */
function completeHistory(
  stored: readonly StatusHistoryEntry[],
  orderDate: string,
  current: OrderStatusKey,
  lastChange: StatusChange | null,
): StatusHistoryEntry[] {
  const history = [...stored];
  if (history[0]?.status !== 'awaitingApproval') {
    history.unshift({ status: 'awaitingApproval', at: orderDate });
  }
  if (history[history.length - 1]!.status !== current) {
    history.push({ status: current, at: lastChange?.to === current ? lastChange.at : '' });
  }
  return history;
}

/** How a stored order says its amounts are centavos; one without it holds whole reais. */
const AMOUNTS_IN_CENTAVOS = { amountsIn: 'centavos' } as const;

/** An order stored before amounts were centavos (whole reais), with its amounts in centavos. */
function amountsInCentavos(data: Record<string, unknown>): Record<string, unknown> {
  if (data.amountsIn === AMOUNTS_IN_CENTAVOS.amountsIn) return data;
  const scale = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) : value);
  const scaleField = (value: unknown, field: string) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, [field]: scale((value as Record<string, unknown>)[field]) }
      : value;
  return {
    ...data,
    total: scale(data.total),
    deliveryFee: scale(data.deliveryFee),
    memberDiscount: scaleField(data.memberDiscount, 'amount'),
    orderItems: Array.isArray(data.orderItems)
      ? data.orderItems.map((item: unknown) => scaleField(item, 'value'))
      : data.orderItems,
  };
}

/** The one mapping from a stored order document to the app's order. */
function reshapeOrder(snapshot: DocumentSnapshot): StoredOrder | null {
  const data = snapshot.data();
  if (!data) return null;
  const stored = orderDocumentSchema.parse(amountsInCentavos(data));
  const { attempts, processed, extraPayments, refunds, ...payment } = stored.payment;
  // A document without a readable date still belongs in the list; its creation time is the
  // closest truth available.
  const orderDate = (
    stored.orderDate ??
    snapshot.createTime?.toDate() ??
    new Date(0)
  ).toISOString();
  return {
    orderID: stored.orderID ?? snapshot.id,
    orderDate,
    clientRef: stored.clientRef,
    orderItems: stored.orderItems,
    status: stored.status,
    shippingOption: stored.shippingOption,
    total:
      stored.total !== undefined && Number.isFinite(stored.total)
        ? stored.total
        : orderTotal(stored.orderItems) + stored.deliveryFee,
    memberDiscount: stored.memberDiscount,
    locale: stored.locale,
    customer: stored.customer,
    telephone: stored.telephone,
    address: stored.shippingOption === 'Entrega' ? stored.address : null,
    payment,
    lastChange: stored.audit,
    cpf: stored.cpf,
    giftMessage: stored.giftMessage,
    recipientName: stored.recipientName,
    coupon: stored.coupon,
    stockReturned: stored.stockReturned,
    couponShard: stored.couponShard,
    couponReturned: stored.couponReturned,
    paymentAttempts: attempts,
    processedPaymentEvents: processed,
    extraPayments,
    refunds,
    expiresAt: stored.expiresAt,
    deliveryFee: stored.deliveryFee,
    deliveryDate: stored.deliveryDate,
    statusHistory: completeHistory(
      stored.statusHistory,
      orderDate,
      orderStatusKey(stored.status),
      stored.audit,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Views picked from a StoredOrder: what each audience may see.

function summaryOf(order: StoredOrder): Order {
  const { orderID, orderDate, clientRef, orderItems, status, shippingOption, total } = order;
  return { orderID, orderDate, clientRef, orderItems, status, shippingOption, total };
}

/** What the panel must flag about the order's payment, or null when nothing. */
export function paymentReviewOf(
  order: Pick<StoredOrder, 'payment' | 'extraPayments'>,
): PaymentReview | null {
  if (order.payment.status !== 'needs-review' && order.extraPayments.length === 0) return null;
  return { paymentId: order.payment.paymentId, extraPayments: order.extraPayments };
}

function placedOrderOf(order: StoredOrder, viewerUid: string): PlacedOrder {
  const { orderID, orderDate, locale, status, shippingOption, total, address, telephone } = order;
  return {
    orderID,
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

// ---------------------------------------------------------------------------------------------
// Reads.

/** The order `orderID`, or null (unknown or malformed id). */
export async function getOrder(orderID: string): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderID)) return null;
  return reshapeOrder(await ordersCollection().doc(orderID).get());
}

/** Inside `transaction`, the order `orderID`, or null. */
export async function getOrderInTransaction(
  transaction: Transaction,
  orderID: string,
): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderID)) return null;
  return reshapeOrder(await transaction.get(ordersCollection().doc(orderID)));
}

/**
 * The order `orderID` for its page: only when it belongs to `viewer.uid`, or to anyone for an
 * admin; null otherwise (unknown id or someone else's).
 */
export async function getOrderForViewer(
  orderID: string,
  viewer: { uid: string; isAdmin: boolean },
): Promise<PlacedOrder | null> {
  if (!viewer.uid) return null;
  const order = await getOrder(orderID);
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
    .map((order) => ({ orderID: order.orderID, status: orderStatusKey(order.status) }))
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
        orderID: order.orderID,
        status,
        placed: Date.parse(order.orderDate) > since.getTime(),
        changedBy: lastChange && lastChange.to === status ? lastChange.byEmail || null : null,
      };
    });
}

export type AdminOrderPage = {
  items: AdminOrder[];
  /** How many orders pass the status and shipping filters (a count query, no documents read). */
  total: number;
  /** The cursors of the pages before and after this one; null at either end. */
  previous: OrderCursor | null;
  next: OrderCursor | null;
};

/**
 * The panel's list query: status and shipping are `where` clauses on stored fields, newest
 * first with the document id breaking ties (the composite indexes are in firestore.indexes.json).
 * `statusKey` is written with every status change (createOrder, applyStatusChange, the payment
 * and expiry updates below) and by the seed; an order stored before the field existed has none,
 * so it is listed without a status filter but not under one until a status change (or a one-off
 * backfill writing `orderStatusKey(status)`) gives it the field. Likewise a hand-edited
 * `shippingOption` other than 'Entrega'/'Retirada' matches neither shipping filter.
 */
function panelQuery(filters: OrderFilters, direction: 'desc' | 'asc'): Query {
  let query: Query = ordersCollection();
  if (filters.status) query = query.where('statusKey', '==', filters.status);
  if (filters.shipping) query = query.where('shippingOption', '==', filters.shipping);
  return query.orderBy('orderDate', direction).orderBy(FieldPath.documentId(), direction);
}

/** The cursor of a listed document: its stored date to the nanosecond and its id. */
function cursorOf(doc: QueryDocumentSnapshot): OrderCursor | null {
  const date: unknown = doc.get('orderDate');
  // orderBy('orderDate') also lists a hand-edited string date (strings sort above every
  // timestamp); such a page ends the paging rather than guess a position. The checkout and the
  // seed always store a timestamp.
  if (!(date instanceof Timestamp)) return null;
  return { seconds: date.seconds, nanoseconds: date.nanoseconds, id: doc.id };
}

function cursorValues(cursor: OrderCursor): [Timestamp, string] {
  return [new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.id];
}

/**
 * One page of the shop's orders for the control panel, newest first, filtered by status label
 * and shipping option, read with a cursor: `limit(pageSize + 1)` documents after (or before) the
 * one the URL names, the extra one telling whether a further page exists. A search (an order
 * number or a customer's e-mail) lists every order it names, whatever its age, on one page.
 * Orders placed before the checkout stored the customer's name, email and telephone (and the
 * seed's) have only clientRef; those are completed from the user documents.
 */
export async function listPanelOrders(
  filters: OrderFilters,
  pageSize = ORDERS_PAGE_SIZE,
): Promise<AdminOrderPage> {
  if (filters.q.trim()) {
    const found = await completeContacts(await searchOrders(filters.q));
    const items = newestFirst(found).filter((order) => matchesOrderFilters(order, filters));
    return { items, total: items.length, previous: null, next: null };
  }
  const backwards = filters.before !== null && filters.after === null;
  let query = panelQuery(filters, backwards ? 'asc' : 'desc');
  const cursor = filters.after ?? filters.before;
  if (cursor) query = query.startAfter(...cursorValues(cursor));
  const [snapshot, counted] = await Promise.all([
    query.limit(pageSize + 1).get(),
    panelQuery(filters, 'desc').count().get(),
  ]);
  const more = snapshot.docs.length > pageSize;
  const docs = snapshot.docs.slice(0, pageSize);
  // A page read backwards (towards the newest) is shown newest first like every other.
  if (backwards) docs.reverse();
  const first = docs[0];
  const last = docs[docs.length - 1];
  const stored = docs.map(reshapeOrder).filter((order): order is StoredOrder => order !== null);
  return {
    items: await completeContacts(stored),
    total: counted.data().count,
    // Going forward there is a page before whenever a cursor was followed; going backwards,
    // when the extra document was there (and the page after is where we came from).
    previous: first && (backwards ? more : cursor !== null) ? cursorOf(first) : null,
    next: last && (backwards ? true : more) ? cursorOf(last) : null,
  };
}

/** The panel's view of stored orders, name, e-mail and telephone completed from users/{uid}. */
async function completeContacts(stored: StoredOrder[]): Promise<AdminOrder[]> {
  const contacts = await getUserContacts(
    stored.filter((order) => !order.customer.email).map((order) => order.clientRef),
  );
  return stored.map((order): AdminOrder => {
    const contact = contacts.get(order.clientRef);
    return {
      ...summaryOf(order),
      deliveryFee: order.deliveryFee,
      deliveryDate: order.deliveryDate,
      memberDiscount: order.memberDiscount ?? null,
      locale: order.locale,
      address: order.address,
      cpf: order.cpf ?? null,
      giftMessage: order.giftMessage ?? '',
      recipientName: order.recipientName ?? '',
      coupon: order.coupon ?? null,
      lastChange: order.lastChange,
      paymentReview: paymentReviewOf(order),
      refunds: order.refunds,
      holdsStockUntil:
        order.expiresAt instanceof Date && isOpenOrderStatus(orderStatusKey(order.status))
          ? order.expiresAt.toISOString()
          : null,
      customer: {
        name: order.customer.name || contact?.name || '',
        email: order.customer.email || contact?.email || '',
      },
      telephone: order.telephone || contact?.telephone || '',
    };
  });
}

/** At most this many orders of one customer e-mail are read by a search. */
const MAX_ORDERS_PER_EMAIL = 200;

/** A search at least this long also finds the orders whose customer's e-mail starts with it. */
const MIN_EMAIL_PREFIX_LENGTH = 3;

/**
 * The orders whose stored lower-cased e-mail (`customerEmailLower`) starts with `query`: a range
 * on that field, on the index it shares with the exact e-mail search (firestore.indexes.json).
 * Orders stored before that field are found by their full e-mail only.
 */
function searchByEmailPrefix(query: string): Promise<QueryDocumentSnapshot[]> {
  const prefix = query.toLowerCase();
  if (prefix.length < MIN_EMAIL_PREFIX_LENGTH || /\s/.test(prefix)) return Promise.resolve([]);
  return ordersCollection()
    .where('customerEmailLower', '>=', prefix)
    .where('customerEmailLower', '<', `${prefix}\uf8ff`)
    .orderBy('customerEmailLower')
    .orderBy('orderDate', 'desc')
    .limit(MAX_ORDERS_PER_EMAIL)
    .get()
    .then((snapshot) => snapshot.docs);
}

/**
 * The orders whose customer's name key (`customerNameKey`, written by createOrder: lower case,
 * no accents) starts with `query`, on its own index with the order date (firestore.indexes.json).
 * Orders stored before that field are not found by name.
 */
function searchByNamePrefix(query: string): Promise<QueryDocumentSnapshot[]> {
  const prefix = customerNameKey(query);
  if (prefix.length < MIN_EMAIL_PREFIX_LENGTH || prefix.includes('@')) return Promise.resolve([]);
  return ordersCollection()
    .where('customerNameKey', '>=', prefix)
    .where('customerNameKey', '<', `${prefix}\uf8ff`)
    .orderBy('customerNameKey')
    .orderBy('orderDate', 'desc')
    .limit(MAX_ORDERS_PER_EMAIL)
    .get()
    .then((snapshot) => snapshot.docs);
}

/**
 * The orders whose number holds `query` (4 characters or more: 'E3E69'), by the parts of their
 * number stored with them (`orderIdParts`, lib/orders/order-filters.ts), newest first, on the
 * index it has with the order date (firestore.indexes.json). A part longer than the stored ones is
 * looked up by its first 12 characters and checked whole. Orders stored before that field are
 * found by their whole number only.
 */
async function searchByIdPart(query: string): Promise<QueryDocumentSnapshot[]> {
  const part = orderIdPartOf(query);
  if (!part) return [];
  const snapshot = await ordersCollection()
    .where('orderIdParts', 'array-contains', part)
    .orderBy('orderDate', 'desc')
    .limit(MAX_ORDERS_PER_EMAIL)
    .get();
  const whole = query.trim().toUpperCase();
  return snapshot.docs.filter((doc) => String(doc.id).toUpperCase().includes(whole));
}

/**
 * The orders a panel search names, whatever their age: an order number is one direct read (as
 * typed and upper-cased); the first letters of a customer's e-mail or name (3 or more) a range
 * query on the stored lower-cased e-mail or name key; a whole e-mail also an indexed query on it, plus, for orders
 * stored before that field, one on the e-mail as typed and one per account with that e-mail.
 */
async function searchOrders(q: string): Promise<StoredOrder[]> {
  const query = q.trim();
  if (!query) return [];
  const byPrefix = Promise.all([
    searchByEmailPrefix(query),
    searchByNamePrefix(query),
    searchByIdPart(query),
  ]).then(([byEmail, byName, byIdPart]) => [...byEmail, ...byName, ...byIdPart]);
  if (ORDER_ID_PATTERN.test(query) || !query.includes('@')) {
    const ids = ORDER_ID_PATTERN.test(query) ? [...new Set([query, query.toUpperCase()])] : [];
    const [snapshots, prefixed] = await Promise.all([
      ids.length > 0
        ? ordersCollection().firestore.getAll(...ids.map((id) => ordersCollection().doc(id)))
        : Promise.resolve([]),
      byPrefix,
    ]);
    const byId = new Map<string, StoredOrder>();
    for (const doc of [...snapshots, ...prefixed]) {
      const order = reshapeOrder(doc);
      if (order) byId.set(order.orderID, order);
    }
    return [...byId.values()];
  }
  const [indexed, legacy, uids, prefixed] = await Promise.all([
    ordersCollection()
      .where('customerEmailLower', '==', query.toLowerCase())
      .orderBy('orderDate', 'desc')
      .limit(MAX_ORDERS_PER_EMAIL)
      .get(),
    ordersCollection().where('customer.email', '==', query).limit(MAX_ORDERS_PER_EMAIL).get(),
    getUserIdsByEmail(query),
    byPrefix,
  ]);
  // Orders stored with only clientRef (the seed's, the oldest ones): by the account's e-mail.
  const byAccount = await Promise.all(
    uids.map((uid) =>
      ordersCollection().where('clientRef', '==', uid).limit(MAX_ORDERS_PER_EMAIL).get(),
    ),
  );
  const byId = new Map<string, StoredOrder>();
  const docs = [indexed, legacy, ...byAccount].flatMap((snapshot) => snapshot.docs);
  for (const doc of [...docs, ...prefixed]) {
    const order = reshapeOrder(doc);
    if (order) byId.set(order.orderID, order);
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------------------------------------
// Writes.

/** A new order as the checkout decided it; the repository adds the bookkeeping fields. */
export type NewOrder = {
  orderID: string;
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
  transaction.create(ordersCollection().doc(order.orderID), {
    ...AMOUNTS_IN_CENTAVOS,
    orderID: order.orderID,
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
    orderIdParts: orderIdParts(order.orderID),
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
    orderID: order.orderID,
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
  orderID: string,
  preference: { preferenceId: string; initPoint: string },
  attempt: number,
  expiresAt: Date,
): Promise<void> {
  await ordersCollection()
    .doc(orderID)
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
export async function recordPaymentError(orderID: string): Promise<void> {
  await ordersCollection()
    .doc(orderID)
    .update({ 'payment.status': 'error' satisfies OrderPaymentStatus });
}

/** Inside `transaction`, an admin's status change: the new flags and an audit entry. */
export function applyStatusChange(
  transaction: Transaction,
  orderID: string,
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
  transaction.update(ordersCollection().doc(orderID), update);
}

/** Inside `transaction`, what a Mercado Pago payment event did to the order (audited). */
export function applyPaymentUpdate(
  transaction: Transaction,
  orderID: string,
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
  transaction.update(ordersCollection().doc(orderID), fields);
}

/**
 * Inside `transaction`, how the refund of `paymentId` (a payment that reached the cancelled order
 * `orderID`) ended: refunded, or given up for a person to refund by hand.
 */
export function recordRefundOutcome(
  transaction: Transaction,
  orderID: string,
  refund: { paymentId: string; amount: number; state: 'refunded' | 'failed' },
): void {
  transaction.update(
    ordersCollection().doc(orderID),
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
  orderID: string,
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
  transaction.update(ordersCollection().doc(orderID), update);
}

/** Inside `transaction`, clears `expiresAt` of an order that no longer awaits payment. */
export function clearExpiry(transaction: Transaction, orderID: string): void {
  transaction.update(ordersCollection().doc(orderID), { expiresAt: null });
}

// ---------------------------------------------------------------------------------------------
// Change markers: what the live-update polls compare, so a poll that finds nothing new costs at
// most the session's one read (app/api/orders/changes, app/api/orders/panel-changes).

/**
 * The shop-wide marker is split over this many documents (`orderMarkers/shard-{n}`), one picked
 * at random per change, and their versions summed: every order transaction writes one, and
 * Firestore sustains about one write per second per document (docs/SCALING.md).
 */
export const ORDER_MARKER_SHARDS = 10;

function orderMarkersCollection() {
  return getAdminDb().collection(`${shopPath()}/orderMarkers`);
}

/**
 * Inside `transaction`, records that an order of `clientRef` was placed or changed status: bumps
 * the shopper's marker (their user document) and one shard of the shop's. Blind increments, no
 * reads. Call it in every transaction that creates an order or writes its `statusChangedAt`.
 */
export function markOrderChanged(transaction: Transaction, clientRef: string): void {
  const shard = Math.floor(Math.random() * ORDER_MARKER_SHARDS);
  transaction.set(
    orderMarkersCollection().doc(`shard-${shard}`),
    { version: FieldValue.increment(1) },
    { merge: true },
  );
  if (clientRef) markUserOrdersChanged(transaction, clientRef);
}

function sumOfVersions(docs: readonly { get: (field: string) => unknown }[]): number {
  return docs.reduce((sum, doc) => {
    const version: unknown = doc.get('version');
    return sum + (typeof version === 'number' && Number.isFinite(version) ? version : 0);
  }, 0);
}

type MarkerListener = {
  /** The marker collection listened to (a new shop or project starts a new listener). */
  path: string;
  /** The sum of the shards at the last snapshot; null until the first one arrives. */
  version: number | null;
  unsubscribe: () => void;
};

// One listener per server process, shared by every route bundle through globalThis (like
// lib/rate-limit): the panel's poll then costs no read for the marker while it is live. Tests
// close it through this global before their Firestore goes (test/local-firebase-env.ts).
const markerState = ((
  globalThis as { __shopOrderMarker?: { listener: MarkerListener | null } }
).__shopOrderMarker ??= { listener: null });

function startMarkerListener(path: string): void {
  const listener: MarkerListener = { path, version: null, unsubscribe: () => undefined };
  markerState.listener = listener;
  listener.unsubscribe = orderMarkersCollection().onSnapshot(
    (snapshot) => {
      listener.version = sumOfVersions(snapshot.docs);
    },
    (error) => {
      // The listener stops on an error: the next poll reads directly and starts a new one.
      logFailure('backend.failed', error, { what: 'orders.marker-listener' });
      if (markerState.listener === listener) markerState.listener = null;
    },
  );
}

/**
 * The shop-wide order marker: a number that grows with every order placed or changed. From this
 * process's listener when it is live (no read), else read directly (one read per shard document)
 * while a listener is (re)started for the next calls.
 */
export async function readOrdersMarker(): Promise<number> {
  const path = orderMarkersCollection().path;
  const current = markerState.listener;
  if (current && current.path === path && current.version !== null) return current.version;
  if (!current || current.path !== path) {
    current?.unsubscribe();
    startMarkerListener(path);
  }
  return sumOfVersions((await orderMarkersCollection().get()).docs);
}

/** The key under which a payment event is remembered as applied. */
export function paymentEventKey(payment: { id: string; status: string }): string {
  return `${payment.id}:${payment.status}`;
}

/**
 * Inside `transaction`, whether any order names the product `key` (orders placed since they
 * carry `productKeys`; the catalogue marks products ordered before that as `ordered`).
 */
export async function hasOrdersFor(transaction: Transaction, key: string): Promise<boolean> {
  const query = ordersCollection().where('productKeys', 'array-contains', key).limit(1);
  return !(await transaction.get(query)).empty;
}

// ---------------------------------------------------------------------------------------------
// Counts for the panel home (lib/dashboard/home.ts): aggregation queries, one read each per
// 1,000 orders they match, whatever the number of orders.

/** Orders whose payment needs a person ('needs-review'). */
export async function countPaymentsToReview(): Promise<number> {
  const snapshot = await ordersCollection()
    .where('payment.status', '==', 'needs-review' satisfies OrderPaymentStatus)
    .count()
    .get();
  return snapshot.data().count;
}

/** Orders still awaiting approval that were placed at or before `placedBy`. */
export async function countAwaitingApprovalSince(placedBy: Date): Promise<number> {
  const snapshot = await ordersCollection()
    .where('statusKey', '==', 'awaitingApproval' satisfies OrderStatusKey)
    .where('orderDate', '<=', Timestamp.fromDate(placedBy))
    .count()
    .get();
  return snapshot.data().count;
}

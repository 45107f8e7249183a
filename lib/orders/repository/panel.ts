import 'server-only';

import {
  FieldPath,
  Timestamp,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';

import { ordersCollection } from '@/lib/firebase/admin';
import type { OrderPaymentStatus } from '@/lib/payments/types';
import { getUserContacts, getUserIdsByEmail } from '@/lib/users/repository';

import { ORDER_ID_PATTERN } from '../limits';
import { newestFirst } from '../list';
import {
  customerNameKey,
  matchesOrderFilters,
  orderIdPartOf,
  ORDERS_PAGE_SIZE,
  type OrderCursor,
  type OrderFilters,
} from '../order-filters';
import { isOpenOrderStatus, orderStatusKey, type OrderStatusKey } from '../status';
import type { AdminOrder } from '../types';
import { paymentReviewOf, summaryOf } from './reads';
import { reshapeOrder, type StoredOrder } from './stored';

// The control panel's listing of orders: pages read with a cursor, and the search.

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
      if (order) byId.set(order.orderId, order);
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
    if (order) byId.set(order.orderId, order);
  }
  return [...byId.values()];
}

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

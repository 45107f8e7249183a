import 'server-only';

import { Timestamp, type DocumentData } from 'firebase-admin/firestore';

import { ordersCollection, usersCollection } from '@/lib/firebase/admin';
import type { AppLocale } from '@/lib/i18n/locales';
import { reshapeOrder } from '@/lib/orders/repository';
import type { OrderStatusKey } from '@/lib/orders/status';
import { isOrderStatusKey } from '@/lib/orders/transitions';
import type { Order } from '@/lib/orders/types';
import { ADDRESS_FIELDS, type Address } from '@/lib/users/types';

import { matchesOrderFilters, pageOf, type OrderFilters, type PageSlice } from './order-filters';

/**
 * How many of the newest orders the panel reads per request. The order list is loaded and sliced
 * in memory: the status filter works on the label derived from seven flags, which no single
 * Firestore query expresses, and a small shop has far fewer orders than this. The local Firestore
 * ignores cursors and offsets anyway (docs/ENVIRONMENT). Past this many orders, switch to keyset
 * pagination with `where('orderDate', '<', lastSeen)` and a stored status field.
 */
export const MAX_ORDERS_SCANNED = 1000;

/** The last status change an admin made, as the panel shows it. */
export type StatusChange = {
  at: string;
  byEmail: string;
  from: OrderStatusKey;
  to: OrderStatusKey;
};

/** An order as the control panel shows it: the shopper's Order plus who and where. */
export type AdminOrder = Order & {
  locale: AppLocale;
  customer: { name: string; email: string };
  telephone: string;
  /** The delivery address ('Entrega'); null for pick-up or when none was stored. */
  address: Address | null;
  lastChange: StatusChange | null;
};

export type AdminOrderPage = PageSlice<AdminOrder> & {
  /** True when there were more orders than MAX_ORDERS_SCANNED (the oldest are not listed). */
  capped: boolean;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function readAddress(value: unknown): Address | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const address = {} as Address;
  for (const field of ADDRESS_FIELDS) address[field] = text(stored[field]);
  return address;
}

function readLastChange(value: unknown): StatusChange | null {
  if (!Array.isArray(value)) return null;
  // Mercado Pago entries carry no from/to; the newest admin change is the last one that does.
  for (let index = value.length - 1; index >= 0; index -= 1) {
    const entry = value[index] as DocumentData | null;
    if (!entry || !isOrderStatusKey(entry.from) || !isOrderStatusKey(entry.to)) continue;
    const at = entry.at instanceof Timestamp ? entry.at.toDate().toISOString() : '';
    const by = (entry.by ?? {}) as DocumentData;
    return { at, byEmail: text(by.email), from: entry.from, to: entry.to };
  }
  return null;
}

type UserInfo = { name: string; email: string; telephone: string };

/**
 * Orders placed through the checkout store the customer's name, email and telephone; older ones
 * (and the seed) only have clientRef. Those are completed from the user documents.
 */
async function usersOf(uids: readonly string[]): Promise<Map<string, UserInfo>> {
  const unique = [...new Set(uids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const snapshots = await usersCollection().firestore.getAll(
    ...unique.map((uid) => usersCollection().doc(uid)),
  );
  const users = new Map<string, UserInfo>();
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (!data) continue;
    users.set(snapshot.id, {
      name: text(data.name),
      email: text(data.email),
      telephone: text(data.telephone),
    });
  }
  return users;
}

/**
 * One page of the shop's orders, newest first, filtered by status label, shipping option and
 * an order id or customer email search. Reads at most MAX_ORDERS_SCANNED orders.
 */
export async function listAdminOrders(filters: OrderFilters): Promise<AdminOrderPage> {
  const snapshot = await ordersCollection()
    .orderBy('orderDate', 'desc')
    .limit(MAX_ORDERS_SCANNED + 1)
    .get();
  const docs = snapshot.docs.slice(0, MAX_ORDERS_SCANNED);
  const missing = docs
    .filter((doc) => !text((doc.get('customer') as DocumentData | undefined)?.email))
    .map((doc) => text(doc.get('clientRef')));
  const users = await usersOf(missing);

  const orders = docs.map((doc): AdminOrder => {
    const data = doc.data();
    const order = reshapeOrder(doc);
    const stored = (data.customer ?? {}) as DocumentData;
    const user = users.get(order.clientRef);
    return {
      ...order,
      locale: data.locale === 'en' ? 'en' : 'pt-BR',
      customer: {
        name: text(stored.name) || user?.name || '',
        email: text(stored.email) || user?.email || '',
      },
      telephone: text(data.telephone) || user?.telephone || '',
      address: order.shippingOption === 'Entrega' ? readAddress(data.address) : null,
      lastChange: readLastChange(data.audit),
    };
  });
  // The local Firestore keeps documents without the sort field in an orderBy; sort here too.
  orders.sort((a, b) => b.orderDate.localeCompare(a.orderDate));
  const slice = pageOf(
    orders.filter((order) => matchesOrderFilters(order, filters)),
    filters.page,
  );
  return { ...slice, capped: snapshot.docs.length > MAX_ORDERS_SCANNED };
}

// The control panel's order list filters, pure: read from and written to the URL's search
// params, so a filtered page is shareable and rendered on the server.
import { normalizeForSearch } from '@/lib/text/normalize';

import { orderStatusKey, type OrderStatusKey } from './status';
import { isOrderStatusKey } from './transitions';
import type { OrderStatusFlags, ShippingOption } from './types';

export const ORDERS_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 100;

/**
 * A position in the panel's list (newest first: order date, then document id, both descending):
 * the stored order date to the nanosecond (so orders placed in the same millisecond are neither
 * skipped nor repeated) and the order's id. In the URL as `<seconds>.<nanoseconds>_<id>`.
 */
export type OrderCursor = { seconds: number; nanoseconds: number; id: string };

export type OrderFilters = {
  status: OrderStatusKey | null;
  shipping: ShippingOption | null;
  /** An order number, or the start of a customer's e-mail or name; '' for none. */
  q: string;
  /** The page after this order (`?after=`), or the page before it (`?before=`); null: newest. */
  after: OrderCursor | null;
  before: OrderCursor | null;
};

export const NO_FILTERS: Readonly<OrderFilters> = Object.freeze({
  status: null,
  shipping: null,
  q: '',
  after: null,
  before: null,
});

const CURSOR_PATTERN = /^(\d{1,12})\.(\d{9})_([A-Za-z0-9_-]{1,64})$/;

/** The URL form of a cursor. */
export function formatOrderCursor(cursor: OrderCursor): string {
  return `${cursor.seconds}.${String(cursor.nanoseconds).padStart(9, '0')}_${cursor.id}`;
}

/** The cursor of a URL value; null when malformed (the list then starts at the newest). */
export function parseOrderCursor(value: string | undefined): OrderCursor | null {
  const match = value ? CURSOR_PATTERN.exec(value) : null;
  if (!match) return null;
  return { seconds: Number(match[1]), nanoseconds: Number(match[2]), id: match[3] as string };
}

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The filters of a search-params object; anything malformed reads as "no filter". */
export function parseOrderFilters(params: SearchParams): OrderFilters {
  const status = first(params.status);
  const shipping = first(params.shipping);
  const q = (first(params.q) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const after = parseOrderCursor(first(params.after));
  return {
    status: isOrderStatusKey(status) ? status : null,
    shipping: shipping === 'Entrega' || shipping === 'Retirada' ? shipping : null,
    q,
    after,
    // One direction at a time: `after` wins when a hand-made address has both.
    before: after ? null : parseOrderCursor(first(params.before)),
  };
}

/** The query string of `filters` ('' when none), for links that keep or change them. */
export function orderFiltersQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.shipping) params.set('shipping', filters.shipping);
  if (filters.q) params.set('q', filters.q);
  if (filters.after) params.set('after', formatOrderCursor(filters.after));
  else if (filters.before) params.set('before', formatOrderCursor(filters.before));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export type FilterableOrder = {
  orderId: string;
  status: OrderStatusFlags;
  shippingOption: ShippingOption;
  customer: { email: string; name?: string };
};

/**
 * A customer's name as the panel's name search compares it: lower case, no accents, single
 * spaces ('Ângela  Souza' -> 'angela souza'). Stored on each order (`customerNameKey`) so that
 * the first letters of a name are a Firestore range query.
 */
export function customerNameKey(name: string): string {
  return normalizeForSearch(name).replace(/\s+/g, ' ');
}

/** The lengths of the parts of an order number stored for the panel's search ('E3E69'). */
export const ORDER_ID_PART_LENGTH = Object.freeze({ min: 4, max: 12 });

/** Only the parts within an order number's first this many characters are stored. */
const ORDER_ID_PART_SPAN = 24;

/**
 * Every part of `orderId` from 4 to 12 characters long, upper-cased: stored on each order
 * (`orderIdParts`), so that the panel finds an order by any part of its number with one
 * array-contains query. A checkout's number has 12 characters: 45 parts. Of a longer one (the
 * checkout accepts up to 64), the parts within its first 24 characters (153 at most).
 */
export function orderIdParts(orderId: string): string[] {
  const id = orderId.toUpperCase().slice(0, ORDER_ID_PART_SPAN);
  const parts = new Set<string>();
  for (let length = ORDER_ID_PART_LENGTH.min; length <= ORDER_ID_PART_LENGTH.max; length += 1) {
    for (let start = 0; start + length <= id.length; start += 1) {
      parts.add(id.slice(start, start + length));
    }
  }
  return [...parts];
}

/**
 * The stored part a search for part of an order number looks up: the query upper-cased, cut to 12
 * characters (a longer part is then checked whole on the orders found); null when it cannot be
 * part of an order number (under 4 characters, or other characters than an order id has).
 */
export function orderIdPartOf(query: string): string | null {
  const part = query.trim().toUpperCase();
  if (part.length < ORDER_ID_PART_LENGTH.min || !/^[A-Z0-9_-]+$/.test(part)) return null;
  return part.slice(0, ORDER_ID_PART_LENGTH.max);
}

/** Whether an order passes the status, shipping and search filters (the page is not applied). */
export function matchesOrderFilters(order: FilterableOrder, filters: OrderFilters): boolean {
  if (filters.status && orderStatusKey(order.status) !== filters.status) return false;
  if (filters.shipping && order.shippingOption !== filters.shipping) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    const id = order.orderId.toLowerCase();
    const email = order.customer.email.toLowerCase();
    const name = customerNameKey(order.customer.name ?? '');
    if (!id.includes(q) && !email.includes(q) && !name.startsWith(customerNameKey(q))) {
      return false;
    }
  }
  return true;
}

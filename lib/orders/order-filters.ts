// The control panel's order list filters, pure: read from and written to the URL's search
// params, so a filtered page is shareable and rendered on the server.
import { orderStatusKey, type OrderStatusKey } from './status';
import { isOrderStatusKey } from './transitions';
import type { OrderStatusFlags, ShippingOption } from './types';

export const ORDERS_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 10_000;

export type OrderFilters = {
  status: OrderStatusKey | null;
  shipping: ShippingOption | null;
  /** Part of an order id or of the customer's email; '' for none. */
  q: string;
  /** 1-based. */
  page: number;
};

export const NO_FILTERS: Readonly<OrderFilters> = Object.freeze({
  status: null,
  shipping: null,
  q: '',
  page: 1,
});

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The filters of a search-params object; anything malformed reads as "no filter". */
export function parseOrderFilters(params: SearchParams): OrderFilters {
  const status = first(params.status);
  const shipping = first(params.shipping);
  const q = (first(params.q) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const page = Number(first(params.page));
  return {
    status: isOrderStatusKey(status) ? status : null,
    shipping: shipping === 'Entrega' || shipping === 'Retirada' ? shipping : null,
    q,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The query string of `filters` ('' when none), for links that keep or change them. */
export function orderFiltersQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.shipping) params.set('shipping', filters.shipping);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export type FilterableOrder = {
  orderID: string;
  status: OrderStatusFlags;
  shippingOption: ShippingOption;
  customer: { email: string };
};

/** Whether an order passes the status, shipping and search filters (the page is not applied). */
export function matchesOrderFilters(order: FilterableOrder, filters: OrderFilters): boolean {
  if (filters.status && orderStatusKey(order.status) !== filters.status) return false;
  if (filters.shipping && order.shippingOption !== filters.shipping) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    const id = order.orderID.toLowerCase();
    const email = order.customer.email.toLowerCase();
    if (!id.includes(q) && !email.includes(q)) return false;
  }
  return true;
}

export type PageSlice<T> = { items: T[]; total: number; page: number; pages: number };

/** One page of `items` (a page past the end shows the last one). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = ORDERS_PAGE_SIZE,
): PageSlice<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * size;
  return { items: items.slice(start, start + size), total: items.length, page: current, pages };
}

// What an order's receiving costs and when, decided on the server from the stored table (pure, so
// the quote route and placing an order decide alike; lib/orders/place-order.ts then holds the
// day's capacity in its transaction).
import { dayProblem, deliveryFee, offeredDays, type DeliveryTable } from './table';

export type DeliveryPlan = {
  /** Centavos, added to the order's total. */
  fee: number;
  /**
   * The days the order may take, in order: the one the shopper chose, or, when none was sent
   * (the checkout could not load the days), every offered day; placing the order takes the first
   * with room in its transaction. Empty when no table is stored.
   */
  days: string[];
  /** Orders the day may hold; null: no limit (no table stored). */
  capacity: number | null;
};

export type DeliveryPlanError =
  /** The CEP is in no region: only pick-up. */
  | 'delivery-outside'
  /** A day in the past, not a delivery weekday, too soon for the region or too far ahead. */
  | 'delivery-date'
  /** No day named, and the table offers none (no delivery weekday in the window). */
  | 'delivery-no-days';

/**
 * What receiving the order costs and how many days ahead its day may be: 'Entrega' to
 * `postalCode` (its region's fee and lead time) or 'Retirada' (free, the pick-up lead time).
 * The checkout's quote (lib/delivery/quote.ts) and placing the order both start here.
 */
export function receivingTerms(
  order: { shippingOption: 'Entrega' | 'Retirada'; postalCode?: string },
  subtotal: number,
  table: DeliveryTable,
  options: { freeDelivery?: boolean } = {},
):
  | { ok: true; fee: number; leadDays: number; region: string | null }
  | { ok: false; error: 'delivery-outside' } {
  if (order.shippingOption !== 'Entrega') {
    return { ok: true, fee: 0, leadDays: table.pickupDays, region: null };
  }
  const quote = deliveryFee(order.postalCode ?? '', subtotal, table, options);
  if (!quote.ok) return { ok: false, error: 'delivery-outside' };
  return { ok: true, fee: quote.fee, leadDays: quote.days, region: quote.region };
}

/**
 * The fee and day of an order: `shippingOption` 'Entrega' to `postalCode`, or 'Retirada';
 * `subtotal` is the products' total. Without a stored table (null) delivery is free and
 * unlimited, as before the table existed. With a table the order always takes a day, so that no
 * order escapes the days' capacity: the one it names, which must be offered, or the first open one.
 */
export function planDelivery(
  order: { shippingOption: 'Entrega' | 'Retirada'; postalCode?: string; deliveryDate?: string },
  subtotal: number,
  table: DeliveryTable | null,
  options: { freeDelivery?: boolean; now?: Date } = {},
): { ok: true; plan: DeliveryPlan } | { ok: false; error: DeliveryPlanError } {
  if (!table) return { ok: true, plan: { fee: 0, days: [], capacity: null } };
  const terms = receivingTerms(order, subtotal, table, options);
  if (!terms.ok) return terms;
  const { deliveryDate } = order;
  const days =
    deliveryDate === undefined
      ? offeredDays(table, terms.leadDays, options.now)
      : dayProblem(deliveryDate, table, terms.leadDays, options.now) === null
        ? [deliveryDate]
        : [];
  if (days.length === 0) {
    return { ok: false, error: deliveryDate === undefined ? 'delivery-no-days' : 'delivery-date' };
  }
  return { ok: true, plan: { fee: terms.fee, days, capacity: table.dailyCapacity } };
}

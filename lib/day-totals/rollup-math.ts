// The panel home's daily totals, pure: what one order adds to its day (or takes away when it is
// cancelled), and how days add up. Shared by the rollup writes (./rollups.ts), their rebuild from
// the orders (lib/dashboard/rebuild.ts) and the tests, so the three count an order the same way.
// Amounts are the orders' own (whole reais today, lib/catalogue/format.ts), never converted here.
import { addDays, shopToday } from '@/lib/delivery/table';

/** Rollup documents per day: the order transactions of one day spread their writes over them. */
export const ROLLUP_SHARDS = 4;

/** How far back the panel home reads: the 30-day chart (which holds both 7-day windows). */
export const HOME_DAYS = 30;

/** The parts of an order the totals need (a stored order, or one being created). */
export type RollupOrder = {
  /** ISO time it was placed; its São Paulo day is the day it counts for. */
  orderDate: string;
  orderItems: readonly { key?: string; quantity: number; value: number }[];
  /** What the shopper pays: the items (member discount already in their values) plus the fee. */
  total: number;
  deliveryFee?: number;
  memberDiscount?: { amount: number } | null;
  /** A coupon's discount, taken off the total (lib/coupons/rules.ts). */
  coupon?: { amount: number } | null;
};

/** One day's totals (or the sum of several): cancelled orders are not in them. */
export type DayTotals = {
  orders: number;
  /** The orders' totals, delivery fees included, member and coupon discounts already taken off. */
  revenue: number;
  /** Delivery fees, part of `revenue`. */
  fees: number;
  /** Member and coupon discounts given, not part of `revenue`. */
  discounts: number;
  /** Units per product key. */
  units: Record<string, number>;
  /** What the items of each product key brought in (after member discounts; before coupons, no fees). */
  sales: Record<string, number>;
};

export function emptyTotals(): DayTotals {
  return { orders: 0, revenue: 0, fees: 0, discounts: 0, units: {}, sales: {} };
}

/** The São Paulo day (yyyy-mm-dd) of an instant. */
export function shopDayOf(at: Date | string): string {
  return shopToday(typeof at === 'string' ? new Date(at) : at);
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}

/** What `order` adds to its day: `sign` 1 when placed, -1 when cancelled. */
export function orderContribution(order: RollupOrder, sign: 1 | -1): DayTotals {
  const totals = emptyTotals();
  totals.orders = sign;
  totals.revenue = sign * order.total;
  totals.fees = sign * (order.deliveryFee ?? 0);
  totals.discounts = sign * ((order.memberDiscount?.amount ?? 0) + (order.coupon?.amount ?? 0));
  for (const item of order.orderItems) {
    if (!item.key || !Number.isFinite(item.quantity) || !Number.isFinite(item.value)) continue;
    totals.units[item.key] = (totals.units[item.key] ?? 0) + sign * item.quantity;
    totals.sales[item.key] = (totals.sales[item.key] ?? 0) + sign * item.quantity * item.value;
  }
  return totals;
}

/** `into` plus `more`, in place (and returned). */
export function addTotals(into: DayTotals, more: Partial<DayTotals>): DayTotals {
  into.orders += more.orders ?? 0;
  into.revenue += more.revenue ?? 0;
  into.fees += more.fees ?? 0;
  into.discounts += more.discounts ?? 0;
  for (const [key, units] of Object.entries(more.units ?? {})) {
    into.units[key] = (into.units[key] ?? 0) + units;
  }
  for (const [key, amount] of Object.entries(more.sales ?? {})) {
    into.sales[key] = (into.sales[key] ?? 0) + amount;
  }
  return into;
}

/** The sum of `days`' totals. */
export function sumTotals(days: readonly DayTotals[]): DayTotals {
  return days.reduce((sum, day) => addTotals(sum, day), emptyTotals());
}

/** Totals as a rollup document holds them: anything unreadable counts as nothing. */
export function totalsFromDocument(data: Record<string, unknown> | undefined): DayTotals {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const map = (value: unknown) =>
    Object.fromEntries(
      Object.entries(value && typeof value === 'object' ? value : {}).map(([key, entry]) => [
        key,
        number(entry),
      ]),
    );
  return {
    orders: number(data?.orders),
    revenue: number(data?.revenue),
    fees: number(data?.fees),
    discounts: number(data?.discounts),
    units: map(data?.units),
    sales: map(data?.sales),
  };
}

/** The change from `before` to `now` in percent, rounded; null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

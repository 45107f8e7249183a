import 'server-only';

import {
  addTotals,
  emptyTotals,
  orderContribution,
  shopDayOf,
  type DayTotals,
} from '@/lib/day-totals/rollup-math';
import { replaceDayTotals } from '@/lib/day-totals/rollups';
import { parseOrderFilters, type OrderCursor } from '@/lib/orders/order-filters';
import { listPanelOrders } from '@/lib/orders/repository/panel';

/** Orders read per page (as the CSV export reads them). */
const PAGE_SIZE = 500;

export type RebuildReport = { orders: number; cancelled: number; days: number };

/**
 * Rewrites the panel home's day totals from the orders themselves (every order, cancelled ones
 * left out, counted by lib/day-totals/rollup-math.ts as the order transactions count them): for
 * a shop whose orders predate the totals, or to check them. An order placed or cancelled while it
 * runs may be counted twice or not at all: run it when the shop is quiet (docs/operations.md).
 */
export async function rebuildDayTotals(): Promise<RebuildReport> {
  const days = new Map<string, DayTotals>();
  const report: RebuildReport = { orders: 0, cancelled: 0, days: 0 };
  const filters = parseOrderFilters({});
  let next: OrderCursor | null = null;
  do {
    const page = await listPanelOrders({ ...filters, after: next, before: null }, PAGE_SIZE);
    for (const order of page.items) {
      if (order.status.cancelled) {
        report.cancelled += 1;
        continue;
      }
      report.orders += 1;
      const day = shopDayOf(order.orderDate);
      days.set(day, addTotals(days.get(day) ?? emptyTotals(), orderContribution(order, 1)));
    }
    next = page.next;
  } while (next);

  await replaceDayTotals(days);
  report.days = days.size;
  return report;
}

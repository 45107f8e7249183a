import 'server-only';

import type { WriteBatch } from 'firebase-admin/firestore';

import { getAdminDb } from '@/lib/firebase/admin';
import { parseOrderFilters, type OrderCursor } from '@/lib/orders/order-filters';
import { listPanelOrders } from '@/lib/orders/repository';

import {
  addTotals,
  emptyTotals,
  orderContribution,
  shopDayOf,
  type DayTotals,
} from './rollup-math';
import { dashboardDaysCollection, rollupDocId } from './rollups';

/** Orders read per page (as the CSV export reads them). */
const PAGE_SIZE = 500;
/** Firestore's limit of writes per batch. */
const BATCH_SIZE = 500;

export type RebuildReport = { orders: number; cancelled: number; days: number };

/**
 * Rewrites the panel home's day totals from the orders themselves (every order, cancelled ones
 * left out, counted by ./rollup-math.ts as the order transactions count them): for a shop whose
 * orders predate the totals, or to check them. Each day's totals go to its shard 0, its other
 * shards and days without orders are deleted. An order placed or cancelled while it runs may be
 * counted twice or not at all: run it when the shop is quiet (docs/operations.md).
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

  const existing = await dashboardDaysCollection().select().get();
  const writes: ((batch: WriteBatch) => void)[] = [];
  const written = new Set<string>();
  for (const [day, totals] of days) {
    const ref = dashboardDaysCollection().doc(rollupDocId(day, 0));
    written.add(ref.id);
    writes.push((batch) => batch.set(ref, { day, ...totals }));
  }
  for (const doc of existing.docs) {
    if (!written.has(doc.id)) writes.push((batch) => batch.delete(doc.ref));
  }
  for (let start = 0; start < writes.length; start += BATCH_SIZE) {
    const batch = getAdminDb().batch();
    for (const write of writes.slice(start, start + BATCH_SIZE)) write(batch);
    await batch.commit();
  }
  report.days = days.size;
  return report;
}

import 'server-only';

import {
  FieldValue,
  type DocumentData,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';

import { getAdminDb, shopPath } from '@/lib/firebase/admin';

import {
  addTotals,
  emptyTotals,
  orderContribution,
  ROLLUP_SHARDS,
  shopDayOf,
  totalsFromDocument,
  type DayTotals,
  type RollupOrder,
} from './rollup-math';

// The panel home's daily totals (projects/{shop}/dashboardDays/{yyyy-mm-dd}.{shard}; this module
// alone reads and writes them; lib/dashboard/rebuild.ts rewrites them from the orders). Written with blind
// increments in the transaction of each order and each cancellation: never read there, so they
// add no read and no contention to the order, and a rush's writes spread over ROLLUP_SHARDS
// documents per day (docs/SCALING.md).

function dashboardDaysCollection() {
  return getAdminDb().collection(`${shopPath()}/dashboardDays`);
}

function rollupDocId(day: string, shard: number): string {
  return `${day}.${shard}`;
}

/** The increments that add `totals` (zero parts left out) to a rollup document of `day`. */
export function incrementsOf(day: string, totals: DayTotals): DocumentData {
  const fields: DocumentData = { day };
  for (const name of ['orders', 'revenue', 'fees', 'discounts'] as const) {
    if (totals[name] !== 0) fields[name] = FieldValue.increment(totals[name]);
  }
  for (const name of ['units', 'sales'] as const) {
    const entries = Object.entries(totals[name]).filter(([, value]) => value !== 0);
    if (entries.length > 0) {
      fields[name] = Object.fromEntries(
        entries.map(([key, value]) => [key, FieldValue.increment(value)]),
      );
    }
  }
  return fields;
}

function write(transaction: Transaction, order: RollupOrder, sign: 1 | -1): void {
  const day = shopDayOf(order.orderDate);
  const shard = Math.floor(Math.random() * ROLLUP_SHARDS);
  transaction.set(
    dashboardDaysCollection().doc(rollupDocId(day, shard)),
    incrementsOf(day, orderContribution(order, sign)),
    { merge: true },
  );
}

/** Inside the order's transaction (a write only): the new order counts for its day. */
export function recordOrderPlaced(transaction: Transaction, order: RollupOrder): void {
  write(transaction, order, 1);
}

/**
 * Inside the transaction that cancels `order` (a write only; cancelling is final, so each order
 * is taken off once): its day no longer counts it.
 */
export function recordOrderCancelled(transaction: Transaction, order: RollupOrder): void {
  write(transaction, order, -1);
}

/** Each of `days`' totals (the shards summed), in one batched read of days × ROLLUP_SHARDS. */
export async function readDayTotals(days: readonly string[]): Promise<Map<string, DayTotals>> {
  const result = new Map(days.map((day) => [day, emptyTotals()]));
  if (days.length === 0) return result;
  const refs = days.flatMap((day) =>
    Array.from({ length: ROLLUP_SHARDS }, (_, shard) =>
      dashboardDaysCollection().doc(rollupDocId(day, shard)),
    ),
  );
  const snapshots = await getAdminDb().getAll(...refs);
  snapshots.forEach((snapshot, index) => {
    const day = days[Math.floor(index / ROLLUP_SHARDS)]!;
    if (snapshot.exists) addTotals(result.get(day)!, totalsFromDocument(snapshot.data()));
  });
  return result;
}

/** Firestore's limit of writes per batch. */
const BATCH_SIZE = 500;

/**
 * Replaces every day's totals with `days` (the rebuild from the orders): each day's totals go to
 * its shard 0; its other shards, and the days not in `days`, are deleted. Batched writes, not one
 * transaction: an order placed meanwhile may be lost or counted twice (run it when quiet).
 */
export async function replaceDayTotals(days: ReadonlyMap<string, DayTotals>): Promise<void> {
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
}

import 'server-only';

import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';

import { getAdminDb, shopPath } from '@/lib/firebase/admin';
import { liveQuery } from '@/lib/firebase/live-query';
import { logEvent } from '@/lib/log';

import type { DeliveryTable } from './table';
import { validateDeliveryTable } from './validate';

// The only reader and writer of the delivery table (settings/delivery, edited in the panel) and
// of the per-day counters (deliverySlots/{yyyy-mm-dd}: the ids of the orders holding that day).
// A counter is a list of order ids, so taking a day is an arrayUnion and giving it back an
// arrayRemove: both are idempotent, so a cancellation may release it from any path, once or
// twice, without a flag on the order.

function tableDoc() {
  return getAdminDb().doc(`${shopPath()}/settings/delivery`);
}

function slotDoc(day: string) {
  return getAdminDb().doc(`${shopPath()}/deliverySlots/${day}`);
}

const slotSchema = z.object({ orderIds: z.array(z.string()).catch([]) }).catch({ orderIds: [] });

/** The table stored as `data` (see getDeliveryTable). */
function tableFrom(data: unknown): DeliveryTable | null {
  if (data === undefined) return null;
  const checked = validateDeliveryTable(amountsInCentavos(data as Record<string, unknown>));
  if (checked.ok) return checked.table;
  // Said loudly: every order now goes without a fee, a day or a capacity until it is fixed.
  logEvent('delivery.table_invalid', {}, 'error');
  return null;
}

/**
 * The stored table, or null when the shop has none (a deployment from before delivery fees:
 * delivery is then offered everywhere without a fee, date or capacity). A stored table that no
 * longer passes validation is treated as none rather than half-applied.
 */
export async function getDeliveryTable(): Promise<DeliveryTable | null> {
  const snapshot = await tableDoc().get();
  return tableFrom(snapshot.exists ? snapshot.data() : undefined);
}

/**
 * The table as getDeliveryTable reads it, from this process's listener on it when that is live
 * (no read; a change in the panel reaches it within moments), else read.
 */
export async function currentDeliveryTable(): Promise<DeliveryTable | null> {
  const table = tableDoc();
  const live = liveQuery({
    name: 'delivery-table',
    path: table.path,
    query: () => table.parent.where(FieldPath.documentId(), '==', table.id),
    reshape: (snapshot) => ({ table: tableFrom(snapshot.docs[0]?.data()) }),
  });
  return live ? live.table : getDeliveryTable();
}

/** How the stored table says its amounts are centavos; one without it holds whole reais. */
const AMOUNTS_IN_CENTAVOS = { amountsIn: 'centavos' } as const;

/** A table stored before amounts were centavos (whole reais), with its amounts in centavos. */
function amountsInCentavos(data: Record<string, unknown>): Record<string, unknown> {
  const { amountsIn, ...table } = data;
  if (amountsIn === AMOUNTS_IN_CENTAVOS.amountsIn) return table;
  const scale = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) : value);
  return {
    ...table,
    freeAbove: scale(table.freeAbove),
    regions: Array.isArray(table.regions)
      ? table.regions.map((region: unknown) =>
          region && typeof region === 'object'
            ? { ...region, fee: scale((region as { fee?: unknown }).fee) }
            : region,
        )
      : table.regions,
  };
}

/** Replaces the table (already validated by validateDeliveryTable). */
export async function saveDeliveryTable(table: DeliveryTable): Promise<void> {
  await tableDoc().set({ ...table, ...AMOUNTS_IN_CENTAVOS });
}

/** How many orders hold each of `days` (a plain read, for the date picker). */
export async function countDeliverySlots(days: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (days.length === 0) return counts;
  const snapshots = await getAdminDb().getAll(...days.map(slotDoc));
  snapshots.forEach((snapshot, index) => {
    counts.set(days[index]!, slotSchema.parse(snapshot.data() ?? {}).orderIds.length);
  });
  return counts;
}

/**
 * Inside `transaction` (reads, before any write): the first of `days` that fewer than `capacity`
 * orders hold, or null when all are full. One day at a time, so the transaction reads, and
 * contends on, only the days up to the one it takes.
 */
export async function firstDayWithRoom(
  transaction: Transaction,
  days: readonly string[],
  capacity: number,
): Promise<string | null> {
  const reads = dayReads(days, capacity);
  return reads.finish(transaction, await transaction.getAll(...reads.refs));
}

/**
 * firstDayWithRoom's reads for a transaction that batches them with its others: the first day's
 * counter in `refs`, then `finish` with its snapshot, which reads the next days one at a time
 * while the ones before are full.
 */
export function dayReads(
  days: readonly string[],
  capacity: number,
): {
  refs: DocumentReference[];
  finish: (
    transaction: Transaction,
    snapshots: readonly DocumentSnapshot[],
  ) => Promise<string | null>;
} {
  const hasRoom = (snapshot: DocumentSnapshot | undefined) =>
    slotSchema.parse(snapshot?.data() ?? {}).orderIds.length < capacity;
  return {
    refs: days.length > 0 ? [slotDoc(days[0]!)] : [],
    finish: async (transaction, [first]) => {
      if (days.length === 0) return null;
      if (hasRoom(first)) return days[0]!;
      for (const day of days.slice(1)) {
        if (hasRoom(await transaction.get(slotDoc(day)))) return day;
      }
      return null;
    },
  };
}

/** Inside `transaction`: order `orderId` holds `day`. */
export function takeDeliverySlot(transaction: Transaction, day: string, orderId: string): void {
  transaction.set(slotDoc(day), { orderIds: FieldValue.arrayUnion(orderId) }, { merge: true });
}

/** Inside `transaction`: order `orderId` no longer holds `day` (nothing when it did not). */
export function releaseDeliverySlot(transaction: Transaction, day: string, orderId: string): void {
  transaction.set(slotDoc(day), { orderIds: FieldValue.arrayRemove(orderId) }, { merge: true });
}

/**
 * Inside `transaction`: a cancelled order gives its day back. Every path that cancels calls it
 * (lib/orders/cancel-order.ts, expiry.ts, payment-update.ts, lib/control-panel/order-status.ts).
 */
export function releaseOrderDay(
  transaction: Transaction,
  order: { orderId: string; deliveryDate?: string | null },
): void {
  if (order.deliveryDate) releaseDeliverySlot(transaction, order.deliveryDate, order.orderId);
}

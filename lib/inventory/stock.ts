import 'server-only';

import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';

import { inventoryCollection } from '@/lib/firebase/admin';
import type { OrderStatusFlags } from '@/lib/orders/types';

// Returning an order's units to the shelf, shared by every path that cancels an order (a failed
// Mercado Pago payment in lib/payments/webhook.ts, an admin in the control panel), so the units
// go back once and only once whoever cancels.

/** Units per product key of a stored order (items without a key or a positive integer count are skipped). */
export function unitsOf(data: DocumentData): Map<string, number> {
  const units = new Map<string, number>();
  const items = Array.isArray(data.orderItems) ? (data.orderItems as DocumentData[]) : [];
  for (const item of items) {
    const quantity = Number(item.quantity);
    if (typeof item.key !== 'string' || !Number.isInteger(quantity) || quantity <= 0) continue;
    units.set(item.key, (units.get(item.key) ?? 0) + quantity);
  }
  return units;
}

/**
 * Inside `transaction`, puts the units of the order `data` (whose status before cancelling is
 * `flags`) back into the inventory, unless they already went back (`stockReturned`) or the order
 * had progressed past confirmation: units in production or handed over are not back on the shelf.
 * Returns true when it wrote the increments; the caller must then set `stockReturned: true` on
 * the order in the same transaction.
 */
export function returnStockOnce(
  transaction: Transaction,
  data: DocumentData,
  flags: OrderStatusFlags,
): boolean {
  const progressed =
    flags.inProduction || flags.waitingForRetrieval || flags.waitingForDelivery || flags.delivered;
  if (data.stockReturned === true || progressed) return false;
  for (const [key, quantity] of unitsOf(data)) {
    transaction.set(
      inventoryCollection().doc(key),
      { stock: FieldValue.increment(quantity) },
      { merge: true },
    );
  }
  return true;
}

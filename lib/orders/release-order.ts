import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';

import { returnCouponUse } from '@/lib/coupons/repository';
import { recordOrderCancelled } from '@/lib/day-totals/rollups';
import { releaseOrderDay } from '@/lib/delivery/repository';
import { returnStock } from '@/lib/inventory/repository';

import type { StoredOrder } from './repository/stored';
import { unitsToReturn } from './stock-return';

// What a cancelled order held, given back in the transaction that cancels it. The one step every
// path that cancels shares (the shopper's cancel, the panel's status change, expiry, a Mercado
// Pago payment cancelled or refunded), so whoever cancels, each thing goes back once.

/** What went back; the caller stores both flags with the cancellation. */
export type Released = { stockReturned: boolean; couponReturned: boolean };

/**
 * Inside the transaction that cancels `order` (read in it), before that transaction's other
 * writes (the coupon's use is read first): its units back to the shelf unless they went back or
 * are not on it (lib/orders/stock-return.ts), its delivery day's place, the day totals, and its
 * coupon's use and the account's mark (lib/coupons/repository.ts) unless they went back already.
 * A cancelled order is final (lib/orders/transitions.ts; a payment approved after it is refunded,
 * lib/orders/payment-update.ts), so nothing ever takes these again.
 */
export async function releaseCancelledOrder(
  transaction: Transaction,
  order: StoredOrder,
): Promise<Released> {
  const coupon = order.coupon && !order.couponReturned ? order.coupon : null;
  if (coupon) {
    await returnCouponUse(transaction, {
      code: coupon.code,
      uid: order.clientRef,
      shard: order.couponShard,
    });
  }
  const units = unitsToReturn(order);
  if (units) returnStock(transaction, units);
  releaseOrderDay(transaction, order);
  recordOrderCancelled(transaction, order);
  return { stockReturned: units !== null, couponReturned: coupon !== null };
}

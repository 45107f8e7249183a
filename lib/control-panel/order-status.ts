import 'server-only';

import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';

import { getAdminDb, ordersCollection } from '@/lib/firebase/admin';
import { returnStockOnce } from '@/lib/inventory/stock';
import { EMPTY_STATUS_FLAGS, orderStatusKey, type OrderStatusKey } from '@/lib/orders/status';
import { checkTransition, flagsForStatus, type TransitionRefusal } from '@/lib/orders/transitions';
import type { OrderStatusFlags, ShippingOption } from '@/lib/orders/types';

export type StatusChangeRequest = {
  orderID: string;
  to: OrderStatusKey;
  /** The status the admin saw; the change is refused when the order moved on meanwhile. */
  expectedFrom?: OrderStatusKey;
};

export type StatusChangeOutcome =
  | { ok: true; from: OrderStatusKey; to: OrderStatusKey; stockReturned: boolean }
  | { ok: false; error: 'not-found' }
  | { ok: false; error: 'stale'; current: OrderStatusKey }
  | {
      ok: false;
      error: 'transition';
      reason: TransitionRefusal;
      from: OrderStatusKey;
      shippingOption: ShippingOption;
    };

function storedFlags(value: unknown): OrderStatusFlags {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as DocumentData;
  const flags = { ...EMPTY_STATUS_FLAGS };
  for (const flag of Object.keys(flags) as (keyof OrderStatusFlags)[]) {
    flags[flag] = stored[flag] === true;
  }
  return flags;
}

/**
 * Moves an order to `to` in one transaction, if the transition table allows it from the order's
 * current status and receiving method: the status becomes the flags of that one state, the
 * change is appended to the order's `audit`, and a cancellation returns the items to stock (once,
 * lib/inventory/stock.ts). A refused change writes nothing. The caller has checked `by` is an admin.
 */
export async function applyStatusChange(
  request: StatusChangeRequest,
  by: { uid: string; email: string },
): Promise<StatusChangeOutcome> {
  const orderRef = ordersCollection().doc(request.orderID);
  return getAdminDb().runTransaction(async (transaction): Promise<StatusChangeOutcome> => {
    const snapshot = await transaction.get(orderRef);
    const data = snapshot.data();
    if (!data) return { ok: false, error: 'not-found' };
    const flags = storedFlags(data.status);
    const from = orderStatusKey(flags);
    if (request.expectedFrom && request.expectedFrom !== from && from !== request.to) {
      return { ok: false, error: 'stale', current: from };
    }
    const shippingOption: ShippingOption =
      data.shippingOption === 'Retirada' ? 'Retirada' : 'Entrega';
    const check = checkTransition(from, request.to, shippingOption);
    if (!check.ok) {
      return { ok: false, error: 'transition', reason: check.reason, from, shippingOption };
    }

    const update: DocumentData = {
      status: flagsForStatus(request.to),
      audit: FieldValue.arrayUnion({
        at: Timestamp.now(),
        by: { uid: by.uid, email: by.email },
        from,
        to: request.to,
      }),
    };
    const stockReturned = request.to === 'cancelled' && returnStockOnce(transaction, data, flags);
    if (stockReturned) update.stockReturned = true;
    transaction.update(orderRef, update);
    return { ok: true, from, to: request.to, stockReturned };
  });
}

import 'server-only';

import { runTransaction } from '@/lib/firebase/admin';
import { markOrderChanged } from '@/lib/orders/repository/markers';
import { getOrderInTransaction } from '@/lib/orders/repository/reads';
import type { StoredOrder } from '@/lib/orders/repository/stored';
import { applyStatusChange } from '@/lib/orders/repository/writes';
import { releaseCancelledOrder, type Released } from '@/lib/orders/release-order';
import { orderStatusKey, type OrderStatusKey } from '@/lib/orders/status';
import { queueStatusMail } from '@/lib/mail/order-mail';
import { checkTransition, flagsForStatus, type TransitionRefusal } from '@/lib/orders/transitions';
import type { ShippingOption } from '@/lib/orders/types';

export type StatusChangeRequest = {
  orderId: string;
  to: OrderStatusKey;
  /** The status the admin saw; the change is refused when the order moved on meanwhile. */
  expectedFrom?: OrderStatusKey;
};

export type StatusChangeOutcome =
  | {
      ok: true;
      from: OrderStatusKey;
      to: OrderStatusKey;
      stockReturned: boolean;
      /** When the change was recorded (its audit entry's time). */
      at: Date;
      /** The order as it was before the change (for the shopper's e-mail). */
      order: StoredOrder;
    }
  | { ok: false; error: 'not-found' }
  | { ok: false; error: 'stale'; current: OrderStatusKey }
  | {
      ok: false;
      error: 'transition';
      reason: TransitionRefusal;
      from: OrderStatusKey;
      shippingOption: ShippingOption;
    };

/**
 * Moves an order to `to` in one transaction, if the transition table allows it from the order's
 * current status and receiving method: the status becomes the flags of that one state, the
 * change is appended to the order's `audit`, a cancellation gives back what the order held (its
 * units, its coupon's use; once, lib/orders/release-order.ts), and the shopper's e-mail is written
 * with it (lib/mail). A refused change writes nothing. The caller has checked `by` is an admin.
 */
export function changeStatus(
  request: StatusChangeRequest,
  by: { uid: string; email: string },
): Promise<StatusChangeOutcome> {
  return runTransaction(async (transaction): Promise<StatusChangeOutcome> => {
    const order = await getOrderInTransaction(transaction, request.orderId);
    if (!order) return { ok: false, error: 'not-found' };
    const from = orderStatusKey(order.status);
    if (request.expectedFrom && request.expectedFrom !== from && from !== request.to) {
      return { ok: false, error: 'stale', current: from };
    }
    const { shippingOption } = order;
    const check = checkTransition(from, request.to, shippingOption);
    if (!check.ok) {
      return { ok: false, error: 'transition', reason: check.reason, from, shippingOption };
    }
    const released: Released =
      request.to === 'cancelled'
        ? await releaseCancelledOrder(transaction, order)
        : { stockReturned: false, couponReturned: false };
    const { stockReturned } = released;
    const at = new Date();
    applyStatusChange(transaction, request.orderId, {
      status: flagsForStatus(request.to),
      from,
      to: request.to,
      by,
      ...released,
      at,
    });
    markOrderChanged(transaction, order.clientRef);
    // The shopper's notice of the new status, with the change.
    queueStatusMail(transaction, order, request.to);
    return { ok: true, from, to: request.to, stockReturned, at, order };
  });
}

import 'server-only';

import { z } from 'zod';

import { backendDeadlineMs, isBackendUnavailable, withDeadline } from '@/lib/deadline';
import { runTransaction } from '@/lib/firebase/admin';
import { queueShopperCancelledMails } from '@/lib/mail/order-mail';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import { SessionUnavailableError } from '@/lib/session/session';
import { signedInUseCase } from '@/lib/session/use-case';

import { cancelOpenPaymentsOf } from './cancel-payments';
import { ORDER_ID_PATTERN } from './limits';
import { markOrderChanged } from './repository/markers';
import { getOrderInTransaction } from './repository/reads';
import type { StoredOrder } from './repository/stored';
import { applyStatusChange } from './repository/writes';
import { releaseCancelledOrder } from './release-order';
import { isOpenOrderStatus, orderStatusKey, type OrderStatusKey } from './status';
import { flagsForStatus } from './transitions';

// The shopper cancels one of their own open orders (placed, neither paid nor confirmed: it only
// holds stock, lib/orders/expiry.ts), e.g. to make room under MAX_OPEN_ORDERS. POST
// /api/orders/cancel (app/api/orders/cancel/route.ts) answers with these results' statuses.

export type CancelOrderError =
  | 'invalid'
  | 'unauthenticated'
  /** No such order, or someone else's: both answered alike, so ids cannot be probed. */
  | 'not-found'
  /** Paid, confirmed, or cancelled meanwhile: only the shop can change it now. */
  | 'not-open'
  | 'temporarily-unavailable'
  | 'server-error';

export type CancelOrderResult =
  | { ok: true; orderId: string; stockReturned: boolean }
  | { ok: false; error: 'not-open'; status: OrderStatusKey }
  | { ok: false; error: Exclude<CancelOrderError, 'not-open'> };

const cancelInputSchema = z.object({ orderId: z.string().regex(ORDER_ID_PATTERN) }).strict();

type Outcome =
  | { kind: 'cancelled'; order: StoredOrder; stockReturned: boolean }
  | { kind: 'not-found' }
  | { kind: 'not-open'; status: OrderStatusKey };

/**
 * In one transaction: reads the order again, refuses it unless it is `by`'s and still open, then
 * marks it cancelled with an audit entry by the shopper, gives back what it held once (its units,
 * its coupon's use: the same step as expiry and the admin's cancellation,
 * lib/orders/release-order.ts) and bumps the change
 * markers the shopper's list and the panel's live badge poll.
 */
export function cancelOpenOrder(
  orderId: string,
  by: { uid: string; email: string },
): Promise<Outcome> {
  return runTransaction(async (transaction): Promise<Outcome> => {
    const order = await getOrderInTransaction(transaction, orderId);
    if (!order || order.clientRef !== by.uid) return { kind: 'not-found' };
    const from = orderStatusKey(order.status);
    if (!isOpenOrderStatus(from)) return { kind: 'not-open', status: from };
    const released = await releaseCancelledOrder(transaction, order);
    applyStatusChange(transaction, orderId, {
      status: flagsForStatus('cancelled'),
      from,
      to: 'cancelled',
      by,
      ...released,
      at: new Date(),
    });
    markOrderChanged(transaction, order.clientRef);
    // The shopper's 'cancelled' e-mail and the shop's notice, with the change.
    queueShopperCancelledMails(transaction, order);
    return { kind: 'cancelled', order, stockReturned: released.stockReturned };
  });
}

/** Firestore or Auth could not answer: 'temporarily-unavailable'; anything else a fault. */
function faultResult(error: unknown): CancelOrderResult {
  const backend = isBackendUnavailable(error) || error instanceof SessionUnavailableError;
  return { ok: false, error: backend ? 'temporarily-unavailable' : 'server-error' };
}

/** The signed-in shopper cancels their open order `input.orderId`. Never throws. */
export async function cancelMyOrder(input: unknown): Promise<CancelOrderResult> {
  return signedInUseCase(
    input,
    { schema: cancelInputSchema, during: 'cancel-order', fault: faultResult },
    async ({ user, input: { orderId }, log }): Promise<CancelOrderResult> => {
      const uid = user.uid;
      // What could still pay it is cancelled at Mercado Pago first; what pays it anyway is refunded.
      await cancelOpenPaymentsOf(orderId, user.uid);
      const outcome = await withDeadline(
        cancelOpenOrder(orderId, { uid: user.uid, email: user.email }),
        backendDeadlineMs(),
        'order cancellation',
      );
      if (outcome.kind === 'not-found') return { ok: false, error: 'not-found' };
      if (outcome.kind === 'not-open') {
        return { ok: false, error: 'not-open', status: outcome.status };
      }
      log.event('order.status_changed', {
        by: uid,
        orderId,
        from: orderStatusKey(outcome.order.status),
        to: 'cancelled',
        reason: 'shopper',
      });
      if (outcome.stockReturned) {
        log.event('stock.changed', { by: uid, orderId, reason: 'order-cancelled' });
      }
      // After the response: the shopper's 'cancelled' e-mail and the shop's notice.
      sendQueuedMailSoon();
      return { ok: true, orderId, stockReturned: outcome.stockReturned };
    },
  );
}

import 'server-only';

import { withDeadline } from '@/lib/deadline';
import { logEvent, logFailure } from '@/lib/log';
import { cancelPayment, getMercadoPagoConfig } from '@/lib/payments/mercadopago';
import { dropStoredPix, getStoredPix } from '@/lib/payments/repository';

import { getOrder } from './repository/reads';
import type { StoredOrder } from './repository/stored';
import { isOpenOrderStatus, orderStatusKey } from './status';

// Before a shopper or an admin cancels an order: what could still pay it at Mercado Pago (the Pix
// code shown on its page, a payment left waiting) is cancelled there first, so it cannot be paid
// afterwards. Best effort and bounded: a payment that reaches the order once it is cancelled
// (Mercado Pago could not be asked, or a card charged at that very moment) is refunded
// (./payment-update.ts, ./refunds.ts), and the order stays cancelled either way.

/** How long the cancellation waits for Mercado Pago before going ahead. */
const CANCEL_AT_MERCADOPAGO_MS = 3000;

/** The ids of `order`'s payments that may still be paid: its open Pix, a payment waiting. */
async function openPaymentIds(order: StoredOrder, now: number): Promise<string[]> {
  const ids = new Set<string>();
  const pix = await getStoredPix(order.orderId);
  if (pix && pix.expiresAt.getTime() > now) ids.add(pix.paymentId);
  if (order.payment.paymentId && order.payment.status === 'waiting') {
    ids.add(order.payment.paymentId);
  }
  return [...ids];
}

/**
 * Cancels at Mercado Pago the open payments of `order`, when it is open and paid online; a Pix
 * cancelled there is no longer shown. Never throws (a failure is logged).
 */
export async function cancelOpenPayments(order: StoredOrder): Promise<void> {
  if (order.payment.provider !== 'mercadopago' || !getMercadoPagoConfig()) return;
  if (!isOpenOrderStatus(orderStatusKey(order.status))) return;
  const orderId = order.orderId;
  const work = (async () => {
    const ids = await openPaymentIds(order, Date.now());
    await Promise.all(
      ids.map(async (paymentId) => {
        // False: nothing left to cancel (paid, expired or cancelled already).
        if (!(await cancelPayment(paymentId))) return;
        logEvent('payment.cancelled_with_order', { orderId, paymentId });
        await dropStoredPix(orderId, paymentId);
      }),
    );
  })();
  try {
    await withDeadline(work, CANCEL_AT_MERCADOPAGO_MS, 'payment cancellation');
  } catch (error) {
    logFailure('payment.cancel_failed', error, { orderId });
  }
}

/**
 * The same for the order `orderId` as stored now, if `ownerUid` (when given) placed it. Never
 * throws: the cancellation's own transaction decides and reports what it can.
 */
export async function cancelOpenPaymentsOf(orderId: string, ownerUid?: string): Promise<void> {
  try {
    const order = await withDeadline(getOrder(orderId), CANCEL_AT_MERCADOPAGO_MS, 'order read');
    if (!order || (ownerUid !== undefined && order.clientRef !== ownerUid)) return;
    await cancelOpenPayments(order);
  } catch (error) {
    logFailure('payment.cancel_failed', error, { orderId });
  }
}

import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { runTransaction } from '@/lib/firebase/admin';
import { logEvent, logFailure } from '@/lib/log';
import { queueStatusMail } from '@/lib/mail/order-mail';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import { cancelPayment } from '@/lib/payments/mercadopago';
import { recordOwedRefund } from '@/lib/payments/refunds';
import { getStoredPix } from '@/lib/payments/repository';
import {
  classifyPaymentStatus,
  type MercadoPagoPayment,
  type OrderPaymentStatus,
} from '@/lib/payments/types';

import { ORDER_ID_PATTERN } from './limits';
import { markOrderChanged } from './repository/markers';
import { getOrderInTransaction } from './repository/reads';
import { applyPaymentUpdate, paymentEventKey } from './repository/writes';
import { refundOwedPaymentsSoon } from './refunds';
import { releaseCancelledOrder } from './release-order';
import { orderStatusKey } from './status';
import type { ExtraPayment, OrderStatusFlags } from './types';

// What a Mercado Pago payment does to its order. lib/payments/webhook.ts verifies and fetches the
// payment; app/api/mercadopago/webhook/route.ts hands it to this use-case, so lib/payments never
// imports lib/orders.

export type PaymentUpdateResult =
  | 'applied'
  | 'no-change'
  | 'duplicate'
  | 'needs-review'
  /** Approved for an order already cancelled: refunded, and the order stays cancelled. */
  | 'refund'
  | 'unknown-order'
  | 'amount-mismatch';

/**
 * Applies Mercado Pago's current view of a payment to its order (external_reference), in one
 * transaction: approved confirms, pending waits, rejected (a declined card) keeps the order waiting
 * for another card or Pix until it expires (./expiry.ts), cancelled/refunded/charged_back cancels
 * and returns the stock once. A cancelled order is never revived: a payment approved after the
 * cancellation is owed back, refunded through Mercado Pago (./refunds.ts), and the shopper is told
 * once it is. The status e-mail is written in the same transaction (lib/mail/order-mail.ts).
 * The same payment id and status twice change nothing the second time.
 * A second approved payment for an order another payment already paid keeps the first payment id,
 * is stored in `payment.extraPayments` and flags the payment 'needs-review' for the panel.
 */
export async function applyPaymentToOrder(
  payment: MercadoPagoPayment,
): Promise<PaymentUpdateResult> {
  const orderId = payment.externalReference;
  if (!orderId || !ORDER_ID_PATTERN.test(orderId)) return 'unknown-order';
  const kind = classifyPaymentStatus(payment.status);
  // Whether the committed attempt wrote an e-mail (a retried attempt starts again).
  let mailed = false;

  const result = await runTransaction(async (transaction): Promise<PaymentUpdateResult> => {
    mailed = false;
    const order = await getOrderInTransaction(transaction, orderId);
    if (!order) return 'unknown-order';
    // Centavos on both sides (lib/payments/mercadopago.ts converts what Mercado Pago reports).
    if (payment.currencyId !== 'BRL' || payment.transactionAmount !== order.total) {
      return 'amount-mismatch';
    }
    if (order.processedPaymentEvents.includes(paymentEventKey(payment))) return 'duplicate';

    const flags = order.status;
    const confirmedByThis = flags.confirmed && order.payment.paymentId === payment.id;
    // Confirmed by another Mercado Pago payment: a second approval is a double charge.
    const paidByAnother =
      flags.confirmed &&
      order.payment.paymentId !== null &&
      !confirmedByThis &&
      (order.payment.status === 'approved' || order.payment.status === 'needs-review');
    let status: OrderStatusFlags | undefined;
    let paymentStatus: OrderPaymentStatus | undefined;
    let stockReturned: boolean | undefined;
    let couponReturned: boolean | undefined;
    let extraPaymentsBefore: ExtraPayment[] | undefined;
    let refundOwed: { amount: number } | undefined;
    let change: PaymentUpdateResult = 'no-change';

    if (kind === 'approved' && paidByAnother) {
      // Keep the payment the order stands on; record this one and flag the order for a person
      // to refund one of them. Recorded once, also if its event key has left `processed`.
      if (!order.extraPayments.some((extra) => extra.paymentId === payment.id)) {
        extraPaymentsBefore = order.extraPayments;
        paymentStatus = 'needs-review';
        change = 'needs-review';
      }
    } else if (kind === 'approved' && flags.cancelled) {
      // Paid after the order was cancelled (by the shopper, the shop or its deadline): the order
      // stays cancelled and its units where they are; the payment is owed back, once. A payment
      // that had paid the order before the shop cancelled it is the shop's to settle.
      const paidBeforeCancel =
        order.payment.paymentId === payment.id && order.payment.status === 'approved';
      if (!paidBeforeCancel && !order.refunds.some((refund) => refund.paymentId === payment.id)) {
        recordOwedRefund(transaction, {
          paymentId: payment.id,
          orderId,
          amount: payment.transactionAmount,
        });
        refundOwed = { amount: payment.transactionAmount };
        change = 'refund';
      }
    } else if (kind === 'approved' && !confirmedByThis) {
      status = { ...flags, confirmed: true, waitingPayment: false };
      paymentStatus = 'approved';
      change = 'applied';
    } else if (kind === 'waiting' && !flags.confirmed && !flags.cancelled) {
      if (!flags.waitingPayment) {
        status = { ...flags, waitingPayment: true };
        change = 'applied';
      }
      paymentStatus = 'waiting';
    } else if (kind === 'rejected' && !flags.confirmed && !flags.cancelled) {
      // A declined attempt, recorded so the page says so; the stock stays held for the next one.
      if (!flags.waitingPayment) status = { ...flags, waitingPayment: true };
      paymentStatus = 'rejected';
      change = 'applied';
    } else if (
      kind === 'cancelled' &&
      !flags.cancelled &&
      // A failed second attempt does not undo an order another payment already paid.
      (!flags.confirmed || confirmedByThis)
    ) {
      status = { ...flags, cancelled: true, waitingPayment: false };
      // Once only, and not units in production or delivered (lib/orders/release-order.ts).
      const released = await releaseCancelledOrder(transaction, order);
      if (released.stockReturned) stockReturned = true;
      couponReturned = released.couponReturned;
      paymentStatus = 'cancelled';
      change = 'applied';
    }

    applyPaymentUpdate(transaction, orderId, order.processedPaymentEvents, {
      payment,
      status,
      paymentStatus,
      stockReturned,
      couponReturned,
      extraPaymentsBefore,
      change,
      refundOwed,
    });
    // Only a status move is something the live polls report (applyPaymentUpdate stamps it).
    if (status) markOrderChanged(transaction, order.clientRef);
    if (status && orderStatusKey(status) !== orderStatusKey(order.status)) {
      queueStatusMail(transaction, order, orderStatusKey(status));
      mailed = true;
    }
    return change;
  });
  if (mailed) sendQueuedMailSoon();
  if (result === 'refund') refundOwedPaymentsSoon();
  if (kind === 'approved' && result === 'applied') {
    afterResponse(() => cancelWaitingPix(orderId, payment.id));
  }
  return result;
}

/**
 * The order `orderId` is paid by `paidBy` (a card, say): its Pix code, if one was shown and is
 * still open, is cancelled at Mercado Pago, so that scanning it later cannot pay a second time.
 * Best effort: if this fails and the Pix is paid anyway, that second payment is recorded and the
 * order flagged for a refund (above). Never throws.
 */
async function cancelWaitingPix(orderId: string, paidBy: string): Promise<void> {
  try {
    const pix = await getStoredPix(orderId);
    if (!pix || pix.paymentId === paidBy || pix.expiresAt.getTime() <= Date.now()) return;
    // False: paid, expired or cancelled already (a Pix paid too is flagged above for a refund).
    if (await cancelPayment(pix.paymentId)) {
      logEvent('payment.pix_cancelled', { orderId, paymentId: pix.paymentId });
    }
  } catch (error) {
    logFailure('payment.pix_cancel_failed', error, { orderId });
  }
}

import 'server-only';

import { backendDeadlineMs, isBackendUnavailable, withDeadline } from '@/lib/deadline';
import type { RequestLog } from '@/lib/log';
import { finishAttempt } from '@/lib/payments/attempts';
import {
  cancelPayment,
  createCardPayment,
  getPayment,
  MercadoPagoError,
} from '@/lib/payments/mercadopago';
import { dropStoredPix, getStoredPix } from '@/lib/payments/repository';
import { classifyPaymentStatus } from '@/lib/payments/types';

import type { PayOrderResult } from './pay-order-result';
import { applyPaymentToOrder } from './payment-update';
import type { StoredOrder } from './repository/stored';

// The card path of paying an order on its page (./pay-order.ts), under the attempt it claimed
// (./payment-claim.ts): the order's open Pix is cancelled at Mercado Pago first, so that it cannot
// pay the order a second time, then the card is charged once, with the attempt's idempotency key.

/** The Payment Brick's token and choices, as ./pay-order.ts has checked them. */
export type CardDetails = {
  token: string;
  paymentMethodId: string;
  installments: number;
  issuerId?: string;
  identification?: { type: 'CPF' | 'CNPJ'; number: string };
};

/**
 * The order's Pix shown earlier, still open, is cancelled at Mercado Pago. 'paid': it was paid
 * meanwhile (applied to the order now, as the webhook would); 'none': nothing open is left.
 * Throws MercadoPagoError when Mercado Pago cannot say.
 */
async function closeOpenPix(orderId: string, now: number): Promise<'none' | 'paid'> {
  const pix = await withDeadline(getStoredPix(orderId), backendDeadlineMs(), 'pix read');
  if (!pix || pix.expiresAt.getTime() <= now) return 'none';
  if (!(await cancelPayment(pix.paymentId))) {
    // Nothing to cancel: paid, or cancelled or expired already.
    const current = await getPayment(pix.paymentId);
    if (current && classifyPaymentStatus(current.status) === 'approved') {
      await withDeadline(applyPaymentToOrder(current), backendDeadlineMs(), 'payment apply');
      return 'paid';
    }
    if (current && classifyPaymentStatus(current.status) === 'waiting') {
      throw new MercadoPagoError("the order's open Pix could not be cancelled");
    }
  }
  await withDeadline(dropStoredPix(orderId, pix.paymentId), backendDeadlineMs(), 'pix drop');
  return 'none';
}

/** A Mercado Pago failure after which no charge can have been made (it refused the request). */
function chargedNothing(error: unknown): boolean {
  return error instanceof MercadoPagoError && error.status !== null && error.status < 500;
}

/**
 * Charges `card` for `order` under the claimed attempt `attemptId`. Throws MercadoPagoError when
 * Mercado Pago refused or could not be asked: a refusal ends the attempt; a call that may have
 * charged (a timeout, a 5xx) leaves it to lapse, so no second card is charged before Mercado
 * Pago's notification of the first can reach the order.
 */
export async function payByCard(
  order: StoredOrder,
  attemptId: string,
  card: CardDetails,
  amount: number,
  log: RequestLog,
): Promise<PayOrderResult> {
  const orderId = order.orderId;
  const end = (state: 'waiting' | 'finished', paymentId: string | null, outcome: string) =>
    finishAttempt(orderId, attemptId, { state, paymentId, outcome }).catch((error: unknown) =>
      log.error(error, { during: 'pay-order.finish-attempt', orderId }),
    );
  let payment;
  try {
    if ((await closeOpenPix(orderId, Date.now())) === 'paid') {
      await end('finished', null, 'paid-by-pix');
      return { ok: false, error: 'not-payable' };
    }
    payment = await createCardPayment({
      orderId,
      amount,
      payerEmail: order.customer.email,
      idempotencyKey: `${orderId}-card-${attemptId}`,
      token: card.token,
      paymentMethodId: card.paymentMethodId,
      installments: card.installments,
      issuerId: card.issuerId,
      identification: card.identification,
    });
  } catch (error) {
    if (chargedNothing(error) || !(error instanceof MercadoPagoError)) {
      await end('finished', null, 'failed');
    }
    throw error;
  }
  // Mercado Pago's own answer to our authenticated call: applied now, as the webhook would
  // (./payment-update.ts is idempotent, so its later notification changes nothing). The card
  // is charged already: when Firestore cannot take it now (failing or stalled), the shopper
  // still hears Mercado Pago's answer (a 'temporarily unavailable' would invite a second
  // card), and the webhook applies it once Firestore answers.
  let applied: string;
  try {
    applied = await withDeadline(
      applyPaymentToOrder(payment),
      backendDeadlineMs(),
      'payment apply',
    );
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error;
    log.error(error, { during: 'pay-order.apply', orderId, paymentId: payment.id });
    applied = 'left-to-webhook';
  }
  const kind = classifyPaymentStatus(payment.status);
  await end(kind === 'waiting' ? 'waiting' : 'finished', payment.id, payment.status);
  log.event('payment.started', {
    uid: order.clientRef,
    orderId,
    method: 'card',
    paymentId: payment.id,
    status: payment.status,
    applied,
  });
  return {
    ok: true,
    method: 'card',
    status:
      applied === 'refund'
        ? 'refunded'
        : kind === 'approved'
          ? 'approved'
          : kind === 'waiting'
            ? 'waiting'
            : 'rejected',
  };
}

import 'server-only';

import { createHash } from 'node:crypto';

import { z } from 'zod';

import { backendDeadlineMs, isBackendUnavailable, withDeadline } from '@/lib/deadline';
import { startActionLog } from '@/lib/log';
import {
  createCardPayment,
  createPixPayment,
  getMercadoPagoConfig,
  MercadoPagoError,
} from '@/lib/payments/mercadopago';
import { getStoredPix, storePix, type StoredPix } from '@/lib/payments/repository';
import { classifyPaymentStatus } from '@/lib/payments/types';
import { rateLimiter } from '@/lib/rate-limit';
import { readSession, SessionUnavailableError } from '@/lib/session/session';

import { ORDER_ID_PATTERN } from './limits';
import { awaitsOnlinePayment, onlinePaymentAmount } from './online-payment';
import type { PayOrderResult, PixView } from './pay-order-result';
import { applyPaymentToOrder } from './payment-update';
import { getOrder, type StoredOrder } from './repository';

// Paying a placed order on its page, through Mercado Pago's payments API: a Pix code, or a card
// with the Payment Brick's token. Only the order's owner, only while it waits for its online
// payment; the amount is the one every online payment charges (./online-payment.ts). One Pix per
// order and deadline: the code is stored (lib/payments/repository.ts) and shown again on a
// reload, and the idempotency key makes a concurrent or retried call get the same payment.

const cardSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
    paymentMethodId: z.string().regex(/^[a-z0-9_]{2,40}$/),
    installments: z.number().int().min(1).max(12),
    issuerId: z
      .union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()])
      .transform(String)
      .optional(),
    identification: z
      .object({ type: z.enum(['CPF', 'CNPJ']), number: z.string().regex(/^\d{11,14}$/) })
      .strict()
      .optional(),
  })
  .strict();

const payInputSchema = z.discriminatedUnion('method', [
  z.object({ orderID: z.string().regex(ORDER_ID_PATTERN), method: z.literal('pix') }).strict(),
  z
    .object({
      orderID: z.string().regex(ORDER_ID_PATTERN),
      method: z.literal('card'),
      card: cardSchema,
    })
    .strict(),
]);

export type PayInput = z.infer<typeof payInputSchema>;

/** Firestore or Auth could not answer. */
function isBackendFault(error: unknown): boolean {
  return isBackendUnavailable(error) || error instanceof SessionUnavailableError;
}

function pixView(pix: StoredPix): PixView {
  return {
    paymentId: pix.paymentId,
    qrCode: pix.qrCode,
    qrCodeBase64: pix.qrCodeBase64,
    expiresAt: pix.expiresAt.toISOString(),
  };
}

/**
 * The order's Pix: the stored one when it was made for this deadline and amount, otherwise a new
 * one from Mercado Pago, stored. The idempotency key names the order and its deadline, so a retry
 * or a second tab gets the same payment back, and a new deadline (a fresh payment made through
 * retryOrderPayment) a new code.
 */
async function orderPix(order: StoredOrder, expiresAt: Date, amount: number): Promise<StoredPix> {
  const stored = await withDeadline(getStoredPix(order.orderID), backendDeadlineMs(), 'pix read');
  if (stored && stored.expiresAt.getTime() === expiresAt.getTime() && stored.amount === amount) {
    return stored;
  }
  const created = await createPixPayment({
    orderID: order.orderID,
    amount,
    payerEmail: order.customer.email,
    idempotencyKey: `${order.orderID}-pix-${expiresAt.getTime()}`,
    expiresAt,
  });
  const pix: StoredPix = {
    paymentId: created.paymentId,
    qrCode: created.qrCode,
    qrCodeBase64: created.qrCodeBase64,
    amount,
    expiresAt,
  };
  await withDeadline(storePix(order.orderID, pix), backendDeadlineMs(), 'pix write');
  return pix;
}

/**
 * The signed-in shopper pays their order `input.orderID` with Pix or a card token; never throws.
 * `address` is the client's address for the per-address limit.
 */
export async function payMyOrder(input: unknown, address: string): Promise<PayOrderResult> {
  const log = await startActionLog();
  let uid: string | undefined;
  let orderId: string | undefined;
  try {
    // readSession throws SessionUnavailableError when it cannot tell: a 503, never 'signed out'.
    const session = await readSession();
    if (session.status !== 'signed-in') return { ok: false, error: 'unauthenticated' };
    uid = session.user.uid;
    const parsed = payInputSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: 'invalid' };
    orderId = parsed.data.orderID;
    const decisions = await Promise.all([
      rateLimiter('paymentsPerAccount').take(uid),
      rateLimiter('paymentsPerIp').take(address),
    ]);
    const refusal = decisions.find((decision) => !decision.allowed);
    if (refusal && !refusal.allowed) {
      log.event('payment.refused', { uid, orderId, reason: 'rate-limited' }, 'warn');
      return { ok: false, error: 'rate-limited', retryAfterSeconds: refusal.retryAfterSeconds };
    }
    const order = await withDeadline(getOrder(orderId), backendDeadlineMs(), 'order read');
    if (!order || order.clientRef !== uid) return { ok: false, error: 'not-found' };
    if (!awaitsOnlinePayment(order)) return { ok: false, error: 'not-payable' };
    const expiresAt = order.expiresAt instanceof Date ? order.expiresAt : null;
    if (!expiresAt) return { ok: false, error: 'not-payable' };
    if (expiresAt.getTime() <= Date.now()) return { ok: false, error: 'expired' };
    if (!getMercadoPagoConfig()) return { ok: false, error: 'payment-unavailable' };
    const amount = onlinePaymentAmount(order);

    if (parsed.data.method === 'pix') {
      const pix = await orderPix(order, expiresAt, amount);
      log.event('payment.started', { uid, orderId, method: 'pix', paymentId: pix.paymentId });
      return { ok: true, method: 'pix', pix: pixView(pix) };
    }

    const { card } = parsed.data;
    // A token is good for one payment: the same token sent twice is the same payment.
    const tokenHash = createHash('sha256').update(card.token).digest('hex').slice(0, 24);
    const payment = await createCardPayment({
      orderID: orderId,
      amount,
      payerEmail: order.customer.email,
      idempotencyKey: `${orderId}-card-${tokenHash}`,
      token: card.token,
      paymentMethodId: card.paymentMethodId,
      installments: card.installments,
      issuerId: card.issuerId,
      identification: card.identification,
    });
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
      if (!isBackendFault(error)) throw error;
      log.error(error, { during: 'pay-order.apply', uid, orderId, paymentId: payment.id });
      applied = 'left-to-webhook';
    }
    const kind = classifyPaymentStatus(payment.status);
    log.event('payment.started', {
      uid,
      orderId,
      method: 'card',
      paymentId: payment.id,
      status: payment.status,
      applied,
    });
    return {
      ok: true,
      method: 'card',
      status: kind === 'approved' ? 'approved' : kind === 'waiting' ? 'waiting' : 'rejected',
    };
  } catch (error) {
    if (error instanceof MercadoPagoError) {
      log.event(
        'payment.failed',
        { uid, orderId, reason: error.message, status: error.status ?? undefined },
        'error',
      );
      return { ok: false, error: error.status === 400 ? 'invalid' : 'payment-unavailable' };
    }
    log.error(error, { during: 'pay-order', uid, orderId });
    return {
      ok: false,
      error: isBackendFault(error) ? 'temporarily-unavailable' : 'server-error',
    };
  }
}

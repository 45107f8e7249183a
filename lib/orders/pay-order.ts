import 'server-only';

import { z } from 'zod';

import { backendDeadlineMs, isBackendUnavailable, withDeadline } from '@/lib/deadline';
import { startActionLog } from '@/lib/log';
import { finishAttempt } from '@/lib/payments/attempts';
import {
  createPixPayment,
  getMercadoPagoConfig,
  MercadoPagoError,
} from '@/lib/payments/mercadopago';
import { getStoredPix, storePix, type StoredPix } from '@/lib/payments/repository';
import { rateLimiter } from '@/lib/rate-limit';
import { readSession, SessionUnavailableError } from '@/lib/session/session';

import { ORDER_ID_PATTERN } from './limits';
import { onlinePaymentAmount } from './online-payment';
import { payByCard } from './pay-card';
import type { PayOrderResult, PixView } from './pay-order-result';
import { claimPaymentAttempt, payabilityProblem } from './payment-claim';
import { getOrder } from './repository/reads';
import type { StoredOrder } from './repository/stored';

// Paying a placed order on its page, through Mercado Pago's payments API: a Pix code, or a card
// with the Payment Brick's token. Only the order's owner, only while it waits for its online
// payment; the amount is the one every online payment charges (./online-payment.ts). One attempt
// at a time per order, whatever the instance: each Mercado Pago call is made under a claim taken
// in a transaction with the order (./payment-claim.ts), and its idempotency key names that
// attempt. One Pix per order and deadline: the code is stored (lib/payments/repository.ts) and
// shown again on a reload without a claim.

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
  z.object({ orderId: z.string().regex(ORDER_ID_PATTERN), method: z.literal('pix') }).strict(),
  z
    .object({
      orderId: z.string().regex(ORDER_ID_PATTERN),
      method: z.literal('card'),
      card: cardSchema,
    })
    .strict(),
]);

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

/** The order's Pix when one was stored for this deadline and amount (shown again), or null. */
async function storedPixFor(
  order: StoredOrder,
  expiresAt: Date,
  amount: number,
): Promise<StoredPix | null> {
  const stored = await withDeadline(getStoredPix(order.orderId), backendDeadlineMs(), 'pix read');
  return stored && stored.expiresAt.getTime() === expiresAt.getTime() && stored.amount === amount
    ? stored
    : null;
}

/**
 * A new Pix from Mercado Pago for the claimed attempt `attemptId`, stored. The attempt is ended
 * whatever happens: a code Mercado Pago made but this call never stored was never shown, so no
 * one can pay it, and it lapses with the order.
 */
async function newPix(
  order: StoredOrder,
  attemptId: string,
  expiresAt: Date,
  amount: number,
): Promise<StoredPix> {
  let pix: StoredPix | null = null;
  try {
    const created = await createPixPayment({
      orderId: order.orderId,
      amount,
      payerEmail: order.customer.email,
      idempotencyKey: `${order.orderId}-pix-${attemptId}`,
      expiresAt,
    });
    pix = {
      paymentId: created.paymentId,
      qrCode: created.qrCode,
      qrCodeBase64: created.qrCodeBase64,
      amount,
      expiresAt,
    };
    await withDeadline(storePix(order.orderId, pix), backendDeadlineMs(), 'pix write');
    return pix;
  } finally {
    await finishAttempt(order.orderId, attemptId, {
      state: 'finished',
      paymentId: pix?.paymentId ?? null,
      outcome: pix ? 'pix' : 'failed',
    }).catch(() => undefined);
  }
}

/**
 * The signed-in shopper pays their order `input.orderId` with Pix or a card token; never throws.
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
    orderId = parsed.data.orderId;
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
    const problem = payabilityProblem(order, Date.now());
    if (problem) return { ok: false, error: problem };
    if (!getMercadoPagoConfig()) return { ok: false, error: 'payment-unavailable' };
    const { method } = parsed.data;

    if (method === 'pix') {
      const stored = await storedPixFor(order, order.expiresAt as Date, onlinePaymentAmount(order));
      if (stored) return { ok: true, method: 'pix', pix: pixView(stored) };
    }
    const claim = await withDeadline(
      claimPaymentAttempt(orderId, uid, method),
      backendDeadlineMs(),
      'payment claim',
    );
    if (claim.kind === 'in-progress') {
      log.event('payment.refused', { uid, orderId, reason: 'in-progress', method }, 'warn');
      return { ok: false, error: 'payment-in-progress' };
    }
    if (claim.kind !== 'claimed') return { ok: false, error: claim.kind };
    // The order as the claim read it: its deadline and amount are the ones charged.
    const amount = onlinePaymentAmount(claim.order);

    if (parsed.data.method === 'pix') {
      const expiresAt = claim.order.expiresAt as Date;
      const pix = await newPix(claim.order, claim.attemptId, expiresAt, amount);
      log.event('payment.started', { uid, orderId, method: 'pix', paymentId: pix.paymentId });
      return { ok: true, method: 'pix', pix: pixView(pix) };
    }
    return await payByCard(claim.order, claim.attemptId, parsed.data.card, amount, log);
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

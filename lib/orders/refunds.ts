import 'server-only';

import { randomBytes } from 'node:crypto';

import { backgroundDrain } from '@/lib/background-drain';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { runTransaction } from '@/lib/firebase/admin';
import { describeError, logEvent, logFailure } from '@/lib/log';
import { queueRefundMail } from '@/lib/mail/order-mail';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import {
  getMercadoPagoConfig,
  getPayment,
  MercadoPagoError,
  refundPayment,
} from '@/lib/payments/mercadopago';
import {
  claimRefund,
  listDueRefunds,
  markRefunded,
  markRefundFailed,
  type OwedRefund,
} from '@/lib/payments/refunds';

import { getOrderInTransaction, markOrderChanged, recordRefundOutcome } from './repository';

// Paying back what reached a cancelled order (./payment-update.ts writes what is owed, in
// lib/payments/refunds.ts): each owed refund is claimed, asked of Mercado Pago with an
// idempotency key of its payment (a second ask after a crash is the same refund), then recorded
// on the order, which the panel shows, with the shopper's e-mail, in one transaction. A failed
// ask is tried again later; after MAX_ATTEMPTS the panel says a person must refund it by hand.
// Runs after the response of the payment that made it owed, and from the cron route.

const LEASE_MS = 60_000;
const BATCH = 20;
export const MAX_REFUND_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;

/** A Firestore step of a pass, within the backend deadline (as lib/mail/sender.ts's). */
function inTime<T>(work: Promise<T>, label: string): Promise<T> {
  return withDeadline(work, backendDeadlineMs(), label);
}

/** The pause after the `attempts`-th failed ask: 30 s, doubling, at most an hour. Pure. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Asks Mercado Pago to refund the claimed `refund`. Answers the refund id (null: it was refunded
 * by an earlier ask that was not recorded). Throws MercadoPagoError when it cannot be refunded now.
 */
async function askRefund(refund: OwedRefund): Promise<string | null> {
  const refundId = await refundPayment(refund.paymentId, `refund-${refund.paymentId}`);
  if (refundId !== null) return refundId;
  const current = await getPayment(refund.paymentId);
  if (current?.status === 'refunded') return null;
  throw new MercadoPagoError(`payment in status ${current?.status ?? 'unknown'} not refunded`);
}

/** Records the outcome of `refund` on its owed record and its order (with the e-mail if done). */
function recordOutcome(refund: OwedRefund, refundId: string | null, state: 'refunded' | 'failed') {
  return runTransaction(async (transaction) => {
    const order = await getOrderInTransaction(transaction, refund.orderId);
    if (state === 'refunded') markRefunded(transaction, refund.paymentId, refundId);
    if (!order) return;
    recordRefundOutcome(transaction, refund.orderId, {
      paymentId: refund.paymentId,
      amount: refund.amount,
      state,
    });
    markOrderChanged(transaction, order.clientRef);
    if (state === 'refunded') queueRefundMail(transaction, order, refund.amount);
  });
}

async function refundOne(refund: OwedRefund, owner: string, report: RefundReport) {
  let refundId: string | null;
  try {
    refundId = await askRefund(refund);
  } catch (error) {
    if (!(error instanceof MercadoPagoError)) throw error;
    report.failed += 1;
    const giveUp = refund.attempts >= MAX_REFUND_ATTEMPTS;
    logFailure('payment.refund_failed', error, {
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      attempt: refund.attempts,
      retry: !giveUp,
    });
    const retryAt = giveUp ? null : Date.now() + refundRetryDelayMs(refund.attempts);
    const { errorName } = describeError(error);
    await inTime(
      markRefundFailed(refund.paymentId, owner, `${errorName}: ${error.message}`, retryAt),
      'refund failed',
    );
    if (giveUp) await inTime(recordOutcome(refund, null, 'failed'), 'refund outcome');
    return;
  }
  await inTime(recordOutcome(refund, refundId, 'refunded'), 'refund outcome');
  report.refunded += 1;
  logEvent('payment.refunded', {
    orderId: refund.orderId,
    paymentId: refund.paymentId,
    refundId: refundId ?? undefined,
  });
}

export type RefundReport = { refunded: number; failed: number };

/** One pass: every refund due now is asked of Mercado Pago. Throws when Firestore fails. */
export async function refundOwedPayments(now: () => number = Date.now): Promise<RefundReport> {
  const report: RefundReport = { refunded: 0, failed: 0 };
  if (!getMercadoPagoConfig()) return report;
  const owner = randomBytes(8).toString('hex');
  const tried = new Set<string>();
  for (;;) {
    const due = (await inTime(listDueRefunds(now(), BATCH), 'refunds due')).filter(
      (id) => !tried.has(id),
    );
    if (due.length === 0) break;
    for (const paymentId of due) {
      tried.add(paymentId);
      const refund = await inTime(claimRefund(paymentId, owner, now(), LEASE_MS), 'refund claim');
      if (refund) await refundOne(refund, owner, report);
    }
  }
  if (report.refunded > 0) sendQueuedMailSoon();
  return report;
}

const refundDrain = backgroundDrain('refunds', () => refundOwedPayments(), 'payment.refund_failed');

/** Refunds what is owed, after the response (at once outside a request). Never throws. */
export function refundOwedPaymentsSoon(): void {
  refundDrain.soon();
}

/** Refunds what is owed now; resolves when done (the cron route, tests). Never rejects. */
export function refundOwedPaymentsNow(): Promise<void> {
  return refundDrain.now();
}

import 'server-only';

import { randomBytes } from 'node:crypto';

import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';

import { paymentAttemptsCollection, runTransaction } from '@/lib/firebase/admin';

// One payment attempt per order at a time, for every instance
// (projects/{shop}/paymentAttempts/{orderId}; this module alone reads and writes it). An attempt
// (a Pix code or a card charge) is claimed in a transaction that also re-reads the order
// (lib/orders/payment-claim.ts) before Mercado Pago is asked; its random id makes the Mercado Pago
// idempotency key, so a retry of the same attempt is the same payment and a new attempt (another
// card after a declined one) a new one. A claim whose instance stopped mid-way lapses after
// ATTEMPT_LEASE_MS, time enough for Mercado Pago's own answer (10 s at most,
// lib/payments/mercadopago.ts) and its notification to reach the order.

/** How long an attempt in flight holds the order. */
export const ATTEMPT_LEASE_MS = 60_000;
/** How long a finished attempt is kept once its order's deadline has passed (Firestore TTL). */
const KEEP_AFTER_DEADLINE_MS = 7 * 24 * 60 * 60 * 1000;

export type AttemptMethod = 'pix' | 'card';

export type PaymentAttempt = {
  attemptId: string;
  method: AttemptMethod;
  /**
   * 'in-flight': Mercado Pago is being asked, until `leaseUntil`; 'waiting': it answered with a
   * card payment still under review (`paymentId`), which holds the order while the order's
   * payment says so; 'finished': nothing holds the order.
   */
  state: 'in-flight' | 'waiting' | 'finished';
  startedAt: number;
  leaseUntil: number;
  paymentId: string | null;
  outcome: string | null;
};

const attemptSchema = z.object({
  attemptId: z.string().min(1),
  method: z.enum(['pix', 'card']),
  state: z.enum(['in-flight', 'waiting', 'finished']),
  startedAt: z.number().int().nonnegative(),
  leaseUntil: z.number().int().nonnegative(),
  paymentId: z.string().nullable().catch(null),
  outcome: z.string().nullable().catch(null),
});

/** Inside `transaction`, the order's attempt, or null (none, or unreadable: it holds nothing). */
export async function readAttemptInTransaction(
  transaction: Transaction,
  orderId: string,
): Promise<PaymentAttempt | null> {
  const snapshot = await transaction.get(paymentAttemptsCollection().doc(orderId));
  const parsed = attemptSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : null;
}

/**
 * Whether `attempt` still holds its order at `now`: in flight within its lease, or a card under
 * review while the order's payment is that payment, waiting. Pure.
 */
export function attemptHolds(
  attempt: PaymentAttempt | null,
  now: number,
  orderPayment: { paymentId: string | null; status: string },
): boolean {
  if (!attempt) return false;
  if (attempt.state === 'in-flight') return attempt.leaseUntil > now;
  if (attempt.state === 'waiting') {
    return orderPayment.status === 'waiting' && orderPayment.paymentId === attempt.paymentId;
  }
  return false;
}

/**
 * Inside `transaction` (which has read the attempt with readAttemptInTransaction), records a new
 * attempt in flight and returns it. `keepUntil`: the order's payment deadline.
 */
export function writeClaim(
  transaction: Transaction,
  orderId: string,
  method: AttemptMethod,
  now: number,
  keepUntil: Date | null,
): PaymentAttempt {
  const attempt: PaymentAttempt = {
    attemptId: randomBytes(9).toString('base64url'),
    method,
    state: 'in-flight',
    startedAt: now,
    leaseUntil: now + ATTEMPT_LEASE_MS,
    paymentId: null,
    outcome: null,
  };
  const deadline = keepUntil ? keepUntil.getTime() : now;
  transaction.set(paymentAttemptsCollection().doc(orderId), {
    ...attempt,
    expiresAt: Timestamp.fromMillis(Math.max(deadline, now) + KEEP_AFTER_DEADLINE_MS),
  });
  return attempt;
}

/**
 * Ends the attempt `attemptId` of `orderId` with what Mercado Pago answered: 'waiting' keeps
 * holding the order while its card payment is reviewed, 'finished' frees it. A later attempt
 * (this one's lease had lapsed) is left alone. Returns whether this attempt was ended.
 */
export function finishAttempt(
  orderId: string,
  attemptId: string,
  result: { state: 'waiting' | 'finished'; paymentId: string | null; outcome: string },
): Promise<boolean> {
  const ref = paymentAttemptsCollection().doc(orderId);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (snapshot.get('attemptId') !== attemptId) return false;
    transaction.update(ref, { ...result, finishedAt: Date.now() });
    return true;
  });
}

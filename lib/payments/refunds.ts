import 'server-only';

import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';

import { refundsCollection, runTransaction } from '@/lib/firebase/admin';

// Refunds the shop owes (projects/{shop}/refunds/{paymentId}; this module alone reads and writes
// it): a payment that reached an order already cancelled is written here in the same transaction
// that records it on the order (lib/orders/payment-update.ts), so a crash cannot forget it;
// lib/orders/refunds.ts then asks Mercado Pago, under a claim (as lib/mail/repository.ts claims a
// message), retrying with longer pauses. The document id is the payment's: one refund per payment.

/** How long a finished refund is kept (Firestore TTL, README). */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

export type OwedRefund = {
  paymentId: string;
  orderId: string;
  /** Reais, the whole payment. */
  amount: number;
  state: 'owed' | 'refunding' | 'refunded' | 'failed';
  attempts: number;
};

const owedSchema = z.object({
  paymentId: z.string().min(1),
  orderId: z.string().min(1),
  amount: z.number().nonnegative(),
  state: z.enum(['owed', 'refunding', 'refunded', 'failed']),
  attempts: z.number().int().nonnegative().catch(0),
});

/** Inside `transaction`: the whole of `paymentId` is owed back. Writes only. */
export function recordOwedRefund(
  transaction: Transaction,
  refund: { paymentId: string; orderId: string; amount: number },
  now = Date.now(),
): void {
  transaction.set(refundsCollection().doc(refund.paymentId), {
    ...refund,
    state: 'owed' satisfies OwedRefund['state'],
    attempts: 0,
    createdAt: Timestamp.fromMillis(now),
    dueAt: Timestamp.fromMillis(now),
  });
}

/** Payment ids of the refunds due at `now` (owed, or claimed by a sender that stopped). */
export async function listDueRefunds(now: number, limit: number): Promise<string[]> {
  const snapshot = await refundsCollection()
    .where('dueAt', '<=', Timestamp.fromMillis(now))
    .orderBy('dueAt')
    .limit(limit)
    .select()
    .get();
  return snapshot.docs.map((doc) => doc.id);
}

/** Claims the due refund of `paymentId` for `owner` until `now + leaseMs`; null when not due. */
export function claimRefund(
  paymentId: string,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<OwedRefund | null> {
  const ref = refundsCollection().doc(paymentId);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const parsed = owedSchema.safeParse(snapshot.data());
    const dueAt = snapshot.get('dueAt') as Timestamp | undefined;
    if (!parsed.success || !dueAt || dueAt.toMillis() > now) return null;
    if (parsed.data.state !== 'owed' && parsed.data.state !== 'refunding') return null;
    const attempts = parsed.data.attempts + 1;
    transaction.update(ref, {
      state: 'refunding' satisfies OwedRefund['state'],
      leaseOwner: owner,
      dueAt: Timestamp.fromMillis(now + leaseMs),
      attempts,
    });
    return { ...parsed.data, state: 'refunding', attempts };
  });
}

/** Inside `transaction`: Mercado Pago refunded `paymentId` (refund `refundId`). Writes only. */
export function markRefunded(
  transaction: Transaction,
  paymentId: string,
  refundId: string | null,
  now = Date.now(),
): void {
  transaction.update(refundsCollection().doc(paymentId), {
    state: 'refunded' satisfies OwedRefund['state'],
    refundId,
    refundedAt: Timestamp.fromMillis(now),
    dueAt: FieldValue.delete(),
    leaseOwner: FieldValue.delete(),
    expiresAt: Timestamp.fromMillis(now + KEEP_MS),
  });
}

/**
 * `owner`'s try failed: due again at `retryAt`, or given up ('failed': a person refunds it in
 * Mercado Pago's panel) when null. Nothing when another sender holds it now.
 */
export function markRefundFailed(
  paymentId: string,
  owner: string,
  error: string,
  retryAt: number | null,
): Promise<void> {
  const ref = refundsCollection().doc(paymentId);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (snapshot.get('state') !== 'refunding' || snapshot.get('leaseOwner') !== owner) return;
    transaction.update(ref, {
      state: (retryAt === null ? 'failed' : 'owed') satisfies OwedRefund['state'],
      dueAt: retryAt === null ? FieldValue.delete() : Timestamp.fromMillis(retryAt),
      leaseOwner: FieldValue.delete(),
      lastError: error.slice(0, 300),
    });
  });
}

import 'server-only';

import { runTransaction } from '@/lib/firebase/admin';
import {
  attemptHolds,
  readAttemptInTransaction,
  writeClaim,
  type AttemptMethod,
} from '@/lib/payments/attempts';

import { awaitsOnlinePayment } from './online-payment';
import { getOrderInTransaction, type StoredOrder } from './repository';

// Claiming an order's one payment attempt (lib/payments/attempts.ts) before Mercado Pago is
// asked: the order is read again in the same transaction, so of two attempts at once, on any
// instances, one is claimed and the other finds it (Firestore retries the transaction that lost).

export type PaymentClaim =
  | { kind: 'claimed'; order: StoredOrder; attemptId: string }
  /** No such order, or someone else's. */
  | { kind: 'not-found' }
  /** Paid, confirmed or cancelled: nothing to pay. */
  | { kind: 'not-payable' }
  | { kind: 'expired' }
  /** Another attempt (Pix or card) is in flight, or a card of it is being reviewed. */
  | { kind: 'in-progress' };

/** Why `order` cannot be paid online at `now`, or null when it can. Pure. */
export function payabilityProblem(
  order: StoredOrder,
  now: number,
): Exclude<PaymentClaim['kind'], 'claimed' | 'not-found' | 'in-progress'> | null {
  if (!awaitsOnlinePayment(order)) return 'not-payable';
  if (!(order.expiresAt instanceof Date)) return 'not-payable';
  if (order.expiresAt.getTime() <= now) return 'expired';
  return null;
}

/** Claims the payment attempt of `uid`'s order `orderId` for `method`, in one transaction. */
export function claimPaymentAttempt(
  orderId: string,
  uid: string,
  method: AttemptMethod,
  now = Date.now(),
): Promise<PaymentClaim> {
  return runTransaction(async (transaction): Promise<PaymentClaim> => {
    const order = await getOrderInTransaction(transaction, orderId);
    if (!order || order.clientRef !== uid) return { kind: 'not-found' };
    const attempt = await readAttemptInTransaction(transaction, orderId);
    const problem = payabilityProblem(order, now);
    if (problem) return { kind: problem };
    if (attemptHolds(attempt, now, order.payment)) return { kind: 'in-progress' };
    const claimed = writeClaim(transaction, orderId, method, now, order.expiresAt ?? null);
    return { kind: 'claimed', order, attemptId: claimed.attemptId };
  });
}

import 'server-only';

import { keepAliveUntil } from '@/lib/after-response';
import { backendDeadlineMs, DeadlineExceededError, withDeadline } from '@/lib/deadline';
import type { RequestLog } from '@/lib/log';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import type { CheckoutPayment } from '@/lib/payments/types';

import type { PlaceOrderResult } from './checkout-result';
import type { Outcome, Progress } from './order-transaction';
import { OrderTooLateError } from './transaction-retries';
import { paymentFor } from './order-payment';
import { getOrder } from './repository/reads';
import type { StoredOrder } from './repository/stored';

// How placing an order answers in time (lib/orders/place-order.ts): its deadlines, the lookup of
// an order id already placed (a shopper sending an order again), the placed answer with its
// payment, and the answer when the backend failed or the deadline passed.

/**
 * placeOrder answers within this long of the request's arrival, whatever step it is in: the
 * backend deadline (3 s, lib/deadline.ts) and one second, so with the answer's way back within
 * 5 s; longer where BACKEND_DEADLINE_MS is raised (the Jest setup).
 */
export function orderAnswerMs(): number {
  return backendDeadlineMs() + 1000;
}
/** The transaction's writes must be sent this long before the answer is due. */
export const COMMIT_MARGIN_MS = 600;
/** Looking up an order id already placed, before answering a refusal, may run this long past it. */
export const REPLAY_GRACE_MS = 500;
/** An order that starts with less time than this before its answer is due is not started. */
export const MIN_ORDER_TIME_MS = 1000;

/** Milliseconds until `until`, never below 0. */
export const left = (until: number) => Math.max(0, until - Date.now());

/**
 * The order `orderId` as stored, when it exists: 'none' when it does not, 'unknown' when
 * Firestore did not answer by `until`. A refusal of a call must not tell a shopper who is only
 * sending an order again (as told after 'outcome-unknown') that nothing was saved.
 */
export async function storedOrder(
  orderId: string,
  until: number,
): Promise<StoredOrder | 'none' | 'unknown'> {
  try {
    return (await withDeadline(getOrder(orderId), left(until), 'order replay lookup')) ?? 'none';
  } catch {
    return 'unknown';
  }
}

/** The placed answer of `order` for its owner, with its payment by `until` at the latest. */
export async function placedAnswer(
  order: StoredOrder,
  until: number,
  log: RequestLog,
): Promise<PlaceOrderResult> {
  const making = paymentFor(order, log);
  let payment: CheckoutPayment;
  try {
    payment = await withDeadline(making, left(until), 'the payment preference');
  } catch {
    // The order stands; the preference is still being made and recorded (the host keeps the
    // function for it), and the order's page offers to pay once it is there.
    keepAliveUntil(
      making.then(
        () => undefined,
        () => undefined,
      ),
    );
    payment = { mode: 'manual', paymentError: true };
  }
  return { ok: true, orderId: order.orderId, payment };
}

/**
 * The answer when the order's work failed on the backend or ran past its deadline: 'outcome-
 * unknown' once its writes were sent (the order may exist; sending it again answers it), else
 * 'temporarily unavailable' through `refuse` (nothing of this call was, or will be, written: the
 * transaction checks its deadline before its writes), unless an earlier call placed it. Work
 * still under way is followed to its end: a late order gets its e-mails as any other.
 */
export function abandoned(
  error: unknown,
  work: Promise<Outcome>,
  progress: Progress,
  context: {
    uid: string;
    orderId: string | undefined;
    log: RequestLog;
    refuse: (
      reason: string | null,
      answer: Exclude<PlaceOrderResult, { ok: true }>,
    ) => Promise<PlaceOrderResult>;
  },
): Promise<PlaceOrderResult> {
  const { uid, orderId, log, refuse } = context;
  const { writesSent } = progress;
  if (error instanceof DeadlineExceededError) {
    keepAliveUntil(
      work.then(
        (late) => {
          if (late.kind === 'created') sendQueuedMailSoon();
          log.event('order.abandoned', { uid, orderId, outcome: late.kind, writesSent }, 'warn');
        },
        (late: unknown) =>
          log.event('order.abandoned', {
            uid,
            orderId,
            outcome: late instanceof OrderTooLateError ? 'rolled-back' : 'failed',
            writesSent,
          }),
      ),
    );
  }
  // Writes sent by an attempt whose commit then failed or stalled may still be applied.
  if (writesSent) return Promise.resolve({ ok: false, error: 'outcome-unknown' });
  return refuse(null, { ok: false, error: 'temporarily-unavailable' });
}

import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';

import { runTransaction } from '@/lib/firebase/admin';

/**
 * An order that reached its writes (or its turn in the queue) too late: placeOrder has already
 * answered, or is about to, so it writes nothing.
 */
export class OrderTooLateError extends Error {
  constructor(options?: ErrorOptions) {
    super('the order transaction reached its writes after its deadline', options);
    this.name = 'OrderTooLateError';
  }
}

const ABORTED = 10;
const RESOURCE_EXHAUSTED = 8;
/** The other codes firebase-admin retries a transaction on (and an expired transaction, below). */
const FAULTS = new Set([1, 2, 4, 13, 14, 16, RESOURCE_EXHAUSTED]);
/** At most this many attempts that fail with a fault, as firebase-admin makes by default. */
const MAX_FAULT_ATTEMPTS = 5;
/** The pause before the first retry of a transaction that lost a race; twice as long each time. */
const CONTENTION_PAUSE_MS = 25;
const MAX_CONTENTION_PAUSE_MS = 400;
/** firebase-admin's backoff after a fault: 1 s, then 1.5 times longer; its longest after quota. */
const FAULT_PAUSE_MS = 1000;
const FAULT_PAUSE_FACTOR = 1.5;
const MAX_FAULT_PAUSE_MS = 60_000;

/** The pause before the next attempt, or null when `error` is not worth another one. */
function retryPause(error: unknown, faults: number): number | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === ABORTED) return CONTENTION_PAUSE_MS;
  const expired =
    code === 3 && typeof message === 'string' && message.includes('transaction has expired');
  if (!expired && !(typeof code === 'number' && FAULTS.has(code))) return null;
  if (faults >= MAX_FAULT_ATTEMPTS) return null;
  if (code === RESOURCE_EXHAUSTED) return MAX_FAULT_PAUSE_MS;
  return FAULT_PAUSE_MS * FAULT_PAUSE_FACTOR ** (faults - 1);
}

/**
 * Runs `work` as one transaction, retried on the failures firebase-admin retries, with its
 * backoff, but after a short pause when Firestore aborted it because another order changed what
 * it read (the same stock shard, on another instance): firebase-admin waits 0.5-1.5 s before its
 * first retry, a third of an order's time, where the other order committed milliseconds later.
 * Those are retried until `writeBy` (epoch ms), however many. Each attempt is a new transaction,
 * so Firestore does not give a retry the priority for its locks that firebase-admin's own retry
 * asks for: the short pauses make up for it. Never pauses past `writeBy`: OrderTooLateError
 * then, with the last failure as its cause, nothing of this order written.
 */
export async function withRetries<T>(
  writeBy: number,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  for (let contentions = 0, faults = 0; ;) {
    try {
      return await runTransaction(work, { maxAttempts: 1 });
    } catch (error) {
      const aborted = (error as { code?: unknown } | null)?.code === ABORTED;
      if (aborted) contentions += 1;
      else faults += 1;
      const base = retryPause(error, faults);
      if (base === null) throw error;
      const pause = aborted
        ? Math.min(base * 2 ** (contentions - 1), MAX_CONTENTION_PAUSE_MS) * (0.5 + Math.random())
        : base * (0.5 + Math.random());
      // No time left for another attempt: given up like one that reached its writes too late.
      if (Date.now() + pause >= writeBy) throw new OrderTooLateError({ cause: error });
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

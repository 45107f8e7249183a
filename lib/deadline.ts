import { tuningNumber } from '@/lib/env';
import { logFailure } from '@/lib/log';

/**
 * How long one backend step of a request (the session check: Auth and the user record in
 * Firestore; an order's transaction) may take before the request gives up: 3 s, so that the
 * request still answers within 5 s. BACKEND_DEADLINE_MS overrides it (the Jest setup raises it:
 * a cold emulator channel on a loaded test machine can take longer).
 */
export function backendDeadlineMs(): number {
  return tuningNumber('BACKEND_DEADLINE_MS') ?? 3000;
}

/** Thrown by withDeadline when the work did not settle in time. */
export class DeadlineExceededError extends Error {
  constructor(
    readonly label: string,
    readonly ms: number,
  ) {
    super(`${label} did not answer within ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * The backend could not answer: past a deadline of ours, or Firestore stopped (gRPC UNAVAILABLE)
 * or past its own (DEADLINE_EXCEEDED). The caller says 'temporarily unavailable'.
 */
export function isBackendUnavailable(error: unknown): boolean {
  if (error instanceof DeadlineExceededError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 14 || code === 4;
}

/** Backend calls that may outlive their caller, until they settle, each with what it is. */
type UnsettledWork = Map<Promise<void>, string>;

function unsettledWork(): UnsettledWork {
  return ((globalThis as { __shopUnsettledWork?: UnsettledWork }).__shopUnsettledWork ??=
    new Map());
}

/**
 * Counts `work`, a backend call its caller may stop waiting for, until it settles, and returns
 * it; a failure nobody awaits is no unhandled rejection. A Firestore read left behind goes on
 * retrying its stream for seconds: a process that closes its Firestore client waits for these
 * first (test/local-firebase-env.ts does), or their status reaches a closed client.
 */
export function mayOutliveCaller<T>(work: Promise<T>, label: string): Promise<T> {
  const settled = work.then(
    () => {},
    () => {},
  );
  const unsettled = unsettledWork();
  unsettled.set(settled, label);
  void settled.then(() => unsettled.delete(settled));
  return work;
}

/**
 * Settles like `work`, or rejects with DeadlineExceededError after `ms`. Firestore and Auth calls
 * cannot be cancelled: a late result is dropped (and a late failure swallowed); only the caller
 * stops waiting, and the work is counted by mayOutliveCaller until it settles.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  mayOutliveCaller(work, label);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(label, ms)), ms);
    // A deadline alone never keeps a process alive (`next build` reads the inventory with one).
    timer.unref?.();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Like Promise.all, but rejects only once every call has settled: Promise.all rejects at the
 * first failure and leaves the other calls running (in a transaction, into its retry).
 */
export async function allSettledOrThrow<T extends readonly unknown[]>(
  works: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(works);
  const failed = results.find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * `work` within backendDeadlineMs(), or null when it did not answer in time (the caller says
 * 'temporarily unavailable'); other failures reject as they are.
 */
export async function withinBackendDeadline<T>(work: Promise<T>, label: string): Promise<T | null> {
  try {
    return await withDeadline(work, backendDeadlineMs(), label);
  } catch (error) {
    if (!(error instanceof DeadlineExceededError)) throw error;
    logFailure('backend.failed', error, { what: label });
    return null;
  }
}

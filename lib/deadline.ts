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

/**
 * Settles like `work`, or rejects with DeadlineExceededError after `ms`. Firestore and Auth calls
 * cannot be cancelled: a late result is dropped (and a late failure swallowed, so it never
 * becomes an unhandled rejection); only the caller stops waiting.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(label, ms)), ms);
    // A deadline alone never keeps a process alive (`next build` reads the inventory with one).
    timer.unref?.();
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
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

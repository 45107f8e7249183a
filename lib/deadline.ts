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
 * Settles like `work`, or rejects with DeadlineExceededError after `ms`. Firestore and Auth calls
 * cannot be cancelled: a late result is dropped (and a late failure swallowed, so it never
 * becomes an unhandled rejection); only the caller stops waiting.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(label, ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

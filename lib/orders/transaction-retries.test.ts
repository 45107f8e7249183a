// How the order's transaction is retried: at once-ish after Firestore aborted it for contention
// (another order took the same stock shard first), as often as the deadline allows; with
// firebase-admin's backoff after other failures; never past the order's write deadline.
import { runTransaction } from '@/lib/firebase/admin';

import { OrderTooLateError, withRetries } from './transaction-retries';

jest.mock('@/lib/firebase/admin', () => ({
  ...jest.requireActual('@/lib/firebase/admin'),
  runTransaction: jest.fn(),
}));

const attempt = jest.mocked(runTransaction);
const failure = (code: number) => Object.assign(new Error(`code ${code}`), { code });
const ABORTED = 10;
const UNAVAILABLE = 14;

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2026-04-01T12:00:00Z') });
  attempt.mockReset();
});
afterEach(() => jest.useRealTimers());

/** Settles `promise` while the fake clock runs `ms`; how long it took, and its outcome. */
async function timed<T>(promise: Promise<T>, ms: number) {
  const started = Date.now();
  let settledAt: number | null = null;
  const outcome = promise.then(
    (value): { value?: T; error?: unknown } => ((settledAt = Date.now()), { value }),
    (error: unknown): { value?: T; error?: unknown } => ((settledAt = Date.now()), { error }),
  );
  await jest.advanceTimersByTimeAsync(ms);
  return { ...(await outcome), took: settledAt === null ? null : settledAt - started };
}

it('retries an aborted transaction within tens of milliseconds, each time in one attempt of its own', async () => {
  attempt
    .mockRejectedValueOnce(failure(ABORTED))
    .mockRejectedValueOnce(failure(ABORTED))
    .mockResolvedValueOnce('created');
  const result = await timed(withRetries(Date.now() + 3000, jest.fn()), 3000);
  expect(result.value).toBe('created');
  // 25 ms, then 50 ms, each 0.5-1.5 times: at most 112.5 ms in all.
  expect(result.took).toBeLessThanOrEqual(113);
  expect(attempt).toHaveBeenCalledTimes(3);
  expect(attempt.mock.calls.every(([, options]) => options?.maxAttempts === 1)).toBe(true);
});

it('waits about a second before retrying after Firestore was unavailable', async () => {
  attempt.mockRejectedValueOnce(failure(UNAVAILABLE)).mockResolvedValueOnce('created');
  const result = await timed(withRetries(Date.now() + 3000, jest.fn()), 3000);
  expect(result.value).toBe('created');
  expect(result.took).toBeGreaterThanOrEqual(500);
});

it('gives up unwritten when no attempt fits before the write deadline, with the failure as cause', async () => {
  attempt.mockRejectedValue(failure(UNAVAILABLE));
  const late = await timed(withRetries(Date.now() + 400, jest.fn()), 3000);
  expect(late.error).toBeInstanceOf(OrderTooLateError);
  expect(((late.error as Error).cause as { code?: number }).code).toBe(UNAVAILABLE);
  expect(attempt).toHaveBeenCalledTimes(1);
});

it('fails at once on what firebase-admin does not retry, and retries an expired transaction', async () => {
  attempt.mockRejectedValue(failure(6));
  const taken = await timed(withRetries(Date.now() + 3000, jest.fn()), 3000);
  expect((taken.error as { code?: number }).code).toBe(6);
  expect(attempt).toHaveBeenCalledTimes(1);

  attempt
    .mockReset()
    .mockRejectedValueOnce(
      Object.assign(new Error('3 INVALID_ARGUMENT: transaction has expired'), { code: 3 }),
    )
    .mockResolvedValueOnce('created');
  expect((await timed(withRetries(Date.now() + 3000, jest.fn()), 3000)).value).toBe('created');
});

it('retries contention as long as the write deadline allows, then gives up unwritten', async () => {
  attempt.mockRejectedValue(failure(ABORTED));
  const result = await timed(withRetries(Date.now() + 3000, jest.fn()), 4000);
  expect(result.error).toBeInstanceOf(OrderTooLateError);
  expect(((result.error as Error).cause as { code?: number }).code).toBe(ABORTED);
  // Pauses of 25 ms doubling up to 400 ms, each 0.5-1.5 times: more than firebase-admin's five.
  expect(attempt.mock.calls.length).toBeGreaterThan(5);
  expect(result.took).toBeLessThanOrEqual(3000);
});

it('after a fault, stops at five attempts as firebase-admin does', async () => {
  attempt.mockRejectedValue(failure(UNAVAILABLE));
  const result = await timed(withRetries(Date.now() + 60_000, jest.fn()), 60_000);
  expect((result.error as { code?: number }).code).toBe(UNAVAILABLE);
  expect(attempt).toHaveBeenCalledTimes(5);
});

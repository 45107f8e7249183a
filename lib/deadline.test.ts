import {
  allSettledOrThrow,
  DeadlineExceededError,
  mayOutliveCaller,
  withDeadline,
} from './deadline';

/** What the process counts as backend calls still running (lib/deadline.ts). */
function unsettledLabels(): string[] {
  const work = (globalThis as { __shopUnsettledWork?: Map<Promise<void>, string> })
    .__shopUnsettledWork;
  return [...(work?.values() ?? [])];
}

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test('settles like the work when it is in time', async () => {
  await expect(withDeadline(Promise.resolve(7), 1_000, 'fast')).resolves.toBe(7);
  await expect(withDeadline(Promise.reject(new Error('boom')), 1_000, 'failing')).rejects.toThrow(
    'boom',
  );
});

test('rejects with DeadlineExceededError naming the work when it is late', async () => {
  const started = Date.now();
  const never = new Promise<number>(() => {});
  const error = await withDeadline(never, 50, 'health check of firestore').catch((e) => e);
  expect(error).toBeInstanceOf(DeadlineExceededError);
  expect(error.message).toBe('health check of firestore did not answer within 50 ms');
  expect(Date.now() - started).toBeLessThan(1_000);
});

test('a late failure of abandoned work is not an unhandled rejection', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 30));
    await expect(withDeadline(late, 5, 'slow')).rejects.toBeInstanceOf(DeadlineExceededError);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

test('work a deadline gave up on is counted as unsettled until it settles', async () => {
  const late = deferred<number>();
  await expect(withDeadline(late.promise, 5, 'late read')).rejects.toBeInstanceOf(
    DeadlineExceededError,
  );
  expect(unsettledLabels()).toContain('late read');
  late.resolve(1);
  await late.promise;
  await new Promise((resolve) => setImmediate(resolve));
  expect(unsettledLabels()).not.toContain('late read');
});

test('a call left running by its caller is counted until it fails, without an unhandled rejection', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    const left = deferred<string>();
    mayOutliveCaller(left.promise, 'left-behind read');
    expect(unsettledLabels()).toContain('left-behind read');
    left.reject(new Error('unavailable'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unsettledLabels()).not.toContain('left-behind read');
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

describe('allSettledOrThrow', () => {
  it('gives every value, in order, like Promise.all', async () => {
    await expect(allSettledOrThrow([Promise.resolve(1), Promise.resolve('two')])).resolves.toEqual([
      1,
      'two',
    ]);
  });

  it('rejects with the first failure only once the other calls have settled', async () => {
    const slow = deferred<number>();
    let rejected = false;
    const both = allSettledOrThrow([Promise.reject(new Error('aborted')), slow.promise]).catch(
      (error: Error) => {
        rejected = true;
        return error;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rejected).toBe(false);
    slow.resolve(2);
    expect(((await both) as Error).message).toBe('aborted');
  });
});

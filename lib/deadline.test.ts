import { DeadlineExceededError, withDeadline } from './deadline';

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

import { throttledTask } from './throttled-task';

/** A task whose runs end when the test says so. */
function controllableTask() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const task = jest.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        runs.push({ finish: resolve, fail: reject });
      }),
  );
  return { task, runs };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('throttledTask', () => {
  it('runs once for callers that arrive while it runs, and not again within the interval', async () => {
    const { task, runs } = controllableTask();
    const lazy = throttledTask(task, { intervalMs: 30_000, onError: jest.fn() });
    const first = lazy.trigger(Number.POSITIVE_INFINITY, 1_000);
    const second = lazy.trigger(Number.POSITIVE_INFINITY, 1_500);
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await Promise.all([first, second]);

    await lazy.trigger(Number.POSITIVE_INFINITY, 30_999);
    expect(task).toHaveBeenCalledTimes(1);
    const later = lazy.trigger(Number.POSITIVE_INFINITY, 31_000);
    await flush();
    expect(task).toHaveBeenCalledTimes(2);
    runs[1]!.finish();
    await later;
  });

  it('lets a caller go after its wait while the run goes on', async () => {
    const { task, runs } = controllableTask();
    const lazy = throttledTask(task, { intervalMs: 30_000, onError: jest.fn() });
    let ended = false;
    const started = Date.now();
    await lazy.trigger(50);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(task).toHaveBeenCalledTimes(1);
    // Still running: a caller arriving now waits for the same run, not a new one.
    const waiting = lazy.trigger(Number.POSITIVE_INFINITY).then(() => {
      ended = true;
    });
    await flush();
    expect(ended).toBe(false);
    expect(task).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await waiting;
    expect(ended).toBe(true);
  });

  it('hands a failed run to onError and never to the caller', async () => {
    const { task, runs } = controllableTask();
    const onError = jest.fn();
    const lazy = throttledTask(task, { intervalMs: 0, onError });
    const caller = lazy.trigger(Number.POSITIVE_INFINITY);
    await flush();
    runs[0]!.fail(new Error('Firestore down'));
    await expect(caller).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(new Error('Firestore down'));
    // With no interval, the next call runs again.
    const again = lazy.trigger(0);
    await flush();
    expect(task).toHaveBeenCalledTimes(2);
    runs[1]!.finish();
    await again;
  });

  it('idle() waits for the run under way and never starts one', async () => {
    const { task, runs } = controllableTask();
    const lazy = throttledTask(task, { intervalMs: 0, onError: jest.fn() });
    await lazy.idle();
    expect(task).not.toHaveBeenCalled();
    void lazy.trigger(0);
    let ended = false;
    const idle = lazy.idle().then(() => {
      ended = true;
    });
    await flush();
    expect(ended).toBe(false);
    runs[0]!.finish();
    await idle;
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('hands the run to keepAlive before the caller stops waiting, and the run settles', async () => {
    const { task, runs } = controllableTask();
    const kept: Promise<void>[] = [];
    const lazy = throttledTask(task, {
      intervalMs: 30_000,
      onError: jest.fn(),
      keepAlive: (run) => kept.push(run),
    });
    await lazy.trigger(20, 1_000);
    // The caller left after its wait; what it handed over is the run still under way.
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBe(lazy.idle());
    // A caller joining the same run hands it over too (its own request must outlive it).
    await lazy.trigger(0, 1_100);
    expect(kept).toHaveLength(2);
    expect(kept[1]).toBe(kept[0]);
    let settled = false;
    void kept[0]!.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    runs[0]!.finish();
    await kept[0];
    expect(settled).toBe(true);
    // Within the interval nothing runs, so nothing is handed over.
    await lazy.trigger(20, 2_000);
    expect(kept).toHaveLength(2);
  });

  it('hands over a run that fails as one that settles without rejecting', async () => {
    const { task, runs } = controllableTask();
    const onError = jest.fn();
    const kept: Promise<void>[] = [];
    const lazy = throttledTask(task, {
      intervalMs: 0,
      onError,
      keepAlive: (run) => kept.push(run),
    });
    await lazy.trigger(0);
    runs[0]!.fail(new Error('Firestore down'));
    await expect(kept[0]).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(new Error('Firestore down'));
  });

  it('starts again at once after reset()', async () => {
    const task = jest.fn(async () => undefined);
    const lazy = throttledTask(task, { intervalMs: 60_000, onError: jest.fn() });
    await lazy.trigger(Number.POSITIVE_INFINITY, 10);
    await lazy.trigger(Number.POSITIVE_INFINITY, 20);
    expect(task).toHaveBeenCalledTimes(1);
    lazy.reset();
    await lazy.trigger(Number.POSITIVE_INFINITY, 30);
    expect(task).toHaveBeenCalledTimes(2);
  });
});

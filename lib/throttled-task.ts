/**
 * A background task run on the side of requests: at most once per `intervalMs` in this server
 * process, one run shared by the callers that arrive while it runs, and each caller waiting for it
 * at most its own `waitMs` (the run goes on after that). A failed run is passed to `onError`,
 * never to a caller. Every caller that finds a run under way hands it to `keepAlive`: a host that
 * may freeze the process once the caller's response is sent (serverless) must keep it until the
 * run settles. Pure and clock-injectable, so its timing is tested without a server.
 */
export type ThrottledTask = {
  /** Starts a run unless one ran within the interval; resolves when it ends or after `waitMs`. */
  trigger(waitMs: number, now?: number): Promise<void>;
  /** Resolves when the run under way (if any) ends; never starts one. */
  idle(): Promise<void>;
  /** Forgets the last run, so the next trigger starts one (tests). */
  reset(): void;
};

export function throttledTask(
  task: () => Promise<unknown>,
  options: {
    intervalMs: number;
    onError: (error: unknown) => void;
    /** Receives the run under way (it never rejects), before the caller starts waiting. */
    keepAlive?: (run: Promise<void>) => void;
  },
): ThrottledTask {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return {
    async trigger(waitMs, now = Date.now()) {
      if (!running && now - lastStart >= options.intervalMs) {
        lastStart = now;
        const run = Promise.resolve()
          .then(task)
          .then(
            () => undefined,
            (error: unknown) => options.onError(error),
          )
          .finally(() => {
            if (running === run) running = null;
          });
        running = run;
      }
      const current = running;
      if (!current) return;
      // Handed over before waiting: the caller may leave after `waitMs`, or its own deadline may
      // stop it waiting even with an unbounded `waitMs` (placing an order).
      options.keepAlive?.(current);
      if (waitMs === Number.POSITIVE_INFINITY) return current;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, waitMs));
      });
      try {
        await Promise.race([current, waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    idle() {
      return running ?? Promise.resolve();
    },
    reset() {
      lastStart = Number.NEGATIVE_INFINITY;
    },
  };
}

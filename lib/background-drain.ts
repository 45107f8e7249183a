import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { logFailure, type LogEventName } from '@/lib/log';

// Work queued in Firestore (e-mails, refunds) and delivered by passes: one pass at a time per
// process, and one more when asked during it (what the asker committed may have come after the
// running pass listed its work). Kept on globalThis: the route handlers and actions that ask are
// separate bundles of one process.

export type Drain = {
  /**
   * A pass after the response during a request (kept alive by the host), at once outside one;
   * either way once the process's foreground work is done.
   */
  soon(): void;
  /** A pass now; resolves when no pass is left to run. Never rejects. */
  now(): Promise<void>;
};

type DrainState = { running: Promise<void> | null; again: boolean };

// Work a shopper is waiting for (orders being placed, lib/orders/order-admission.ts) goes first:
// a pass asked for after a response starts once this process has none under way, or after
// FOREGROUND_WAIT_MS at most, so that a launch rush does not share the process with its own
// e-mails. What a pass delivers stays queued in Firestore meanwhile.
const FOREGROUND_WAIT_MS = 5_000;

type Foreground = { count: number; waiters: (() => void)[] };

const foreground = ((globalThis as { __shopForeground?: Foreground }).__shopForeground ??= {
  count: 0,
  waiters: [],
});

/** Counts one piece of foreground work; returns the function that ends it (call it once). */
export function beginForegroundWork(): () => void {
  foreground.count += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    foreground.count -= 1;
    if (foreground.count === 0) foreground.waiters.splice(0).forEach((wake) => wake());
  };
}

/** Resolves when no foreground work is under way, or after `maxMs`. */
function foregroundIdle(maxMs: number): Promise<void> {
  if (foreground.count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    foreground.waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The drain called `name` (one per process), running `pass`; a failed pass is logged as `event`. */
export function backgroundDrain(
  name: string,
  pass: () => Promise<unknown>,
  event: LogEventName,
): Drain {
  const states = ((globalThis as { __shopDrains?: Map<string, DrainState> }).__shopDrains ??=
    new Map());
  let state = states.get(name);
  if (!state) {
    state = { running: null, again: false };
    states.set(name, state);
  }
  const current = state;
  const drain = (): Promise<void> => {
    if (current.running) {
      current.again = true;
      return current.running;
    }
    const run = (async () => {
      do {
        current.again = false;
        try {
          await pass();
        } catch (error) {
          logFailure(event, error, { what: name });
        }
      } while (current.again);
    })().finally(() => {
      current.running = null;
    });
    current.running = run;
    return run;
  };
  return {
    soon: () => afterResponse(() => foregroundIdle(FOREGROUND_WAIT_MS).then(drain)),
    now: drain,
  };
}

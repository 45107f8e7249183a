import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { logFailure, type LogEventName } from '@/lib/log';

// Work queued in Firestore (e-mails, refunds) and delivered by passes: one pass at a time per
// process, and one more when asked during it (what the asker committed may have come after the
// running pass listed its work). Kept on globalThis: the route handlers and actions that ask are
// separate bundles of one process.

export type Drain = {
  /** A pass after the response during a request (kept alive by the host), at once outside one. */
  soon(): void;
  /** A pass now; resolves when no pass is left to run. Never rejects. */
  now(): Promise<void>;
};

type DrainState = { running: Promise<void> | null; again: boolean };

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
  return { soon: () => afterResponse(drain), now: drain };
}

import 'server-only';

import { beginForegroundWork } from '@/lib/background-drain';

// How many orders this server process works on at once (past the refusals that cost nothing),
// and which ones it still starts. Each costs about 15 ms of CPU and a few Firestore round trips.
// A dozen at once keep the process busy while others wait on Firestore; more would only make each
// of them slower, and a turn of the event loop longer (docs/SCALING.md). Admitted in arrival
// order; one is started only when the orders finished lately say it can be answered by its
// deadline. Where an order takes longer (a slow Firestore, a busy machine), the later ones are
// told at once that the shop is busy (lib/orders/place-order.ts), rather than late.

/** Orders worked on at once. */
export const ORDERS_AT_ONCE = 12;

/** How much of the last finished order's time the estimate takes in (the rest: the earlier ones). */
const RECENT_WEIGHT = 0.2;
/**
 * The most an estimate holds back: orders that took until their deadline (Firestore stalled) must
 * not stop a fresh one from starting, or no order would finish to bring the estimate down.
 */
const MAX_RESERVE_MS = 3000;

type Admission = {
  running: number;
  waiting: (() => void)[];
  /** How long an order took lately, from its start here to its answer (ms); null: none yet. */
  recentMs: number | null;
};

// One per process, shared by every bundle (like lib/rate-limit).
const admission = ((globalThis as { __shopOrderAdmission?: Admission }).__shopOrderAdmission ??= {
  running: 0,
  waiting: [],
  recentMs: null,
});

/**
 * The latest moment an order due by `answerBy` (epoch ms) may start: `minimumMs` before it, or as
 * long before it as the orders finished lately took (at most MAX_RESERVE_MS), whichever is earlier.
 */
function latestStart(answerBy: number, minimumMs: number): number {
  return answerBy - Math.max(minimumMs, Math.min(admission.recentMs ?? 0, MAX_RESERVE_MS));
}

/**
 * Runs `work` once fewer than ORDERS_AT_ONCE orders are being worked on in this process; null,
 * without running it, when it could not start in time to be answered by `answerBy` (epoch ms):
 * with less than `minimumMs` left, or less than the orders finished lately took.
 */
export async function whenAdmitted<T>(
  answerBy: number,
  minimumMs: number,
  work: () => Promise<T>,
): Promise<T | null> {
  if (Date.now() >= latestStart(answerBy, minimumMs)) return null;
  if (admission.running >= ORDERS_AT_ONCE) {
    let admit!: () => void;
    const admitted = new Promise<void>((resolve) => {
      admit = resolve;
    });
    admission.waiting.push(admit);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const inTime = await Promise.race([
      admitted.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(
          () => resolve(false),
          Math.max(0, latestStart(answerBy, minimumMs) - Date.now()),
        );
      }),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      const index = admission.waiting.indexOf(admit);
      // Admitted in the same moment the wait ended: pass the place on.
      if (index >= 0) admission.waiting.splice(index, 1);
      else release();
      return null;
    }
    // The estimate may have grown while it waited.
    if (Date.now() >= latestStart(answerBy, minimumMs)) {
      release();
      return null;
    }
  } else {
    admission.running += 1;
  }
  const endForeground = beginForegroundWork();
  const started = Date.now();
  try {
    return await work();
  } finally {
    const took = Date.now() - started;
    admission.recentMs =
      admission.recentMs === null
        ? took
        : admission.recentMs + RECENT_WEIGHT * (took - admission.recentMs);
    endForeground();
    release();
  }
}

/** Ends one order's place: the next one waiting takes it. */
function release(): void {
  const next = admission.waiting.shift();
  if (next) next();
  else admission.running -= 1;
}

/** Forgets what the orders finished lately took (tests). */
export function resetAdmission(): void {
  admission.recentMs = null;
}

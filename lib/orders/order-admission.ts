import 'server-only';

import { beginForegroundWork } from '@/lib/background-drain';

// How many orders this server process works on at once (past the refusals that cost nothing).
// Each costs tens of milliseconds of CPU; a burst of hundreds started together would share the
// process's time and all answer late. Admitted in arrival order instead, the first finish in time
// and those that cannot start by their deadline are told at once that the shop is busy
// (lib/orders/place-order.ts), rather than every one of them after it.

/** Orders worked on at once: enough to keep Firestore and Auth busy while others compute. */
export const ORDERS_AT_ONCE = 12;

type Admission = { running: number; waiting: (() => void)[] };

// One per process, shared by every bundle (like lib/rate-limit).
const admission = ((globalThis as { __shopOrderAdmission?: Admission }).__shopOrderAdmission ??= {
  running: 0,
  waiting: [],
});

/**
 * Runs `work` once fewer than ORDERS_AT_ONCE orders are being worked on in this process; null,
 * without running it, when its turn has not come by `until` (epoch ms).
 */
export async function whenAdmitted<T>(until: number, work: () => Promise<T>): Promise<T | null> {
  if (Date.now() >= until) return null;
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
        timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()));
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
  } else {
    admission.running += 1;
  }
  const endForeground = beginForegroundWork();
  try {
    return await work();
  } finally {
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

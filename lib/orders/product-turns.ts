import 'server-only';

// Orders for the same stock document placed on this server take turns (a key per product and
// stock shard, lib/inventory/stock-shards.ts). Correctness never depends on it (each order's
// Firestore transaction re-reads the stock and Firestore aborts and retries a transaction whose
// reads changed), but without it a burst of orders for one egg on one instance would make its
// transactions abort one another and use up firebase-admin's retries, answering 'temporarily
// unavailable' to shoppers who should hear 'sold out'. A per-process first line, as
// docs/SCALING.md describes; orders on other instances still contend in Firestore.

type Tails = Map<string, Promise<void>>;

// One map per process, shared by every bundle (route handlers and actions are separate bundles).
const tails = ((globalThis as { __shopProductTurns?: Tails }).__shopProductTurns ??= new Map());

/** Whether the wait for a turn ended before `until` (epoch ms). */
function waitUntil(previous: Promise<void>, until: number): Promise<boolean> {
  const ms = until - Date.now();
  if (ms <= 0) return Promise.resolve(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    previous.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Joins the queue of `key`; resolves with the release function once it is this caller's turn, or
 * null when `until` passed first (the caller's place is then handed on as soon as it comes up).
 */
async function acquire(key: string, until: number): Promise<(() => void) | null> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  const done = () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
  if (await waitUntil(previous, until)) return done;
  void previous.then(done);
  return null;
}

/**
 * Runs `work` once this process has no other order for any of `keys` under way (keys are taken in
 * sorted order, so two multi-product orders never wait for each other in a circle). Null, without
 * running `work`, when the turn has not come by `until` (epoch ms). The turn ends when `work`
 * settles or at `until`, whichever comes first: a stalled Firestore call never blocks the queue
 * beyond the order's own deadline.
 */
export async function inProductTurn<T>(
  keys: readonly string[],
  until: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const releases: (() => void)[] = [];
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  for (const key of [...new Set(keys)].sort()) {
    const release = await acquire(key, until);
    if (!release) {
      releaseAll();
      return null;
    }
    releases.push(release);
  }
  const timer = setTimeout(releaseAll, Math.max(0, until - Date.now()));
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    releaseAll();
  }
}

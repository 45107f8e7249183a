import 'server-only';

import { stockView, totalOf } from '@/lib/inventory/stock-shards';

// The units of this process's orders that are past the sold-out check and not yet settled, per
// product. In a launch rush (200 shoppers at once for 10 eggs) the first ten orders go on; the
// others wait here, before their session or any Firestore work, until those ten settle, and are
// then told 'Esgotado' from the stock the ten left (./known-stock.ts) instead of each taking a
// turn at a transaction. Only an ordering of this process's own requests, so one process is
// enough: the order's transaction decides, and orders on other instances meet there.

type Waiter = () => void;

type InFlight = { units: Map<string, number>; waiters: Set<Waiter> };

// One per process, shared by every bundle (like ./product-turns.ts).
const inFlight = ((globalThis as { __shopStockInFlight?: InFlight }).__shopStockInFlight ??= {
  units: new Map(),
  waiters: new Set(),
});

/**
 * Set by the server's quick answer (./order-quick-answer.ts) on an order it counted in flight
 * itself, so placeOrder does not count it again.
 */
export const IN_FLIGHT_HEADER = 'x-shop-in-flight';

/** How often a waiting order looks again (the stock listeners may change what it knows). */
const RECHECK_MS = 250;

export type UnitsWanted = readonly { key: string; quantity: number }[];

/**
 * Whether the known stock covers `wanted` beside the units already in flight (`beside`), or
 * alone. Without live listeners nothing is known: the transaction decides.
 */
function covers(wanted: UnitsWanted, beside: boolean): boolean {
  const view = stockView();
  if (!view) return true;
  return wanted.every(({ key, quantity }) => {
    const stock = view.get(key);
    if (!stock) return true;
    return totalOf(stock) - (beside ? (inFlight.units.get(key) ?? 0) : 0) >= quantity;
  });
}

function add(wanted: UnitsWanted, sign: 1 | -1): void {
  for (const { key, quantity } of wanted) {
    const units = (inFlight.units.get(key) ?? 0) + sign * quantity;
    if (units > 0) inFlight.units.set(key, units);
    else inFlight.units.delete(key);
  }
}

function wakeAll(): void {
  for (const wake of [...inFlight.waiters]) wake();
}

/** The next settle of an order in flight, or RECHECK_MS, or `until`, whichever comes first. */
function nextChange(until: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      inFlight.waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, Math.min(RECHECK_MS, until - Date.now())));
    inFlight.waiters.add(done);
  });
}

/**
 * Waits until the known stock covers `wanted` beside the orders already in flight, then counts
 * `wanted` in flight and returns the function that ends it (call it once the order settled).
 * Null as soon as the known stock alone no longer covers `wanted` (the caller then refuses the
 * order as sold out), or when `until` (epoch ms) came first (the shop is busy).
 */
export async function enterInFlight(
  wanted: UnitsWanted,
  until: number,
): Promise<(() => void) | null> {
  while (!covers(wanted, true)) {
    // Sold out now, or too late: the caller looks at the stock itself.
    if (!covers(wanted, false) || Date.now() >= until) return null;
    await nextChange(until);
  }
  add(wanted, 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    add(wanted, -1);
    wakeAll();
  };
}

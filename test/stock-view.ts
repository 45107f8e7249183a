// The shop's stock listeners (lib/inventory/stock-shards.ts) see a change made through another
// firebase-admin client moments after its commit. A test that writes stock and then places an
// order at once waits for them first, as a shopper's press comes long after an admin's change;
// otherwise the order could be refused by what the shop saw a moment before.

const POLL_MS = 10;
const WAIT_MS = 10_000;

/**
 * Resolves once this test file's shop sees product `key` with `stock` units in all (and the
 * `flags` given, as its inventory document holds them), or does not listen (then every order reads
 * the stock itself). Call after the environment is applied.
 */
export async function untilStockSeen(
  key: string,
  stock: number,
  flags: { availableForSale?: boolean; showInStore?: boolean } = {},
): Promise<void> {
  const { stockView, totalOf } = await import('@/lib/inventory/stock-shards');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const view = stockView();
    const seen = view?.get(key);
    const flagsSeen = Object.entries(flags).every(
      ([name, value]) => seen?.[name as keyof typeof flags] === value,
    );
    if (!view || (totalOf(seen) === stock && flagsSeen)) return;
    if (Date.now() > deadline) {
      throw new Error(`the shop's stock listeners never saw ${key} at ${stock}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

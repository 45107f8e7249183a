import 'server-only';

import { preferredShards, stockView, totalOf } from '@/lib/inventory/stock-shards';

import type { ValidCheckoutInput } from './checkout-schema';
import { stockRefusal, type PricedLine, type StockRefusal } from './order-transaction';

// What this server process already knows of the stock (its listeners on the inventory,
// lib/inventory/stock-shards.ts): enough to refuse an order for a sold-out or withdrawn product
// before the session, the limits or the queue, and to choose the stock shard an order waits for.
// Never enough to accept one: the order's transaction reads the stock itself.

/**
 * Why `lines` cannot be served by what this process's listeners hold now, or null when they can
 * or the listeners are not live (the transaction decides).
 */
export function knownStockRefusal(
  lines: readonly PricedLine[],
  locale: ValidCheckoutInput['locale'],
): StockRefusal | null {
  const view = stockView();
  if (!view) return null;
  return stockRefusal(
    lines,
    lines.map(({ product }) => {
      const stock = view.get(product.key);
      return stock && { ...stock, stock: totalOf(stock) };
    }),
    locale,
  );
}

/** Per line's product, the stock shards its transaction reads first (and its turn is for). */
export function shardsToTake(lines: readonly PricedLine[]): Map<string, number[]> {
  const view = stockView();
  return new Map(
    lines.map(({ product, quantity }) => [
      product.key,
      preferredShards(view, product.key, quantity),
    ]),
  );
}

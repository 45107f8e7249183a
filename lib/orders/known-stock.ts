import 'server-only';

import type { ServerResponse } from 'node:http';

import { preferredShards, stockView, totalOf } from '@/lib/inventory/stock-shards';
import { startActionLog } from '@/lib/log';

import type { PlaceOrderResult } from './checkout-result';
import { checkoutInputSchema, type ValidCheckoutInput } from './checkout-schema';
import { expireDueOrdersLazily } from './expiry';
import { MIN_ORDER_TIME_MS, orderAnswerMs, storedOrder } from './order-replies';
import { priceLines, stockRefusal, type PricedLine, type StockRefusal } from './order-transaction';
import { enterInFlight, IN_FLIGHT_HEADER } from './stock-in-flight';

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

/**
 * The answer to an order for a product this process knows to be sold out or withdrawn, before
 * the session, the limits or the queue, with no transaction; null when it may be served, or when
 * its id is already an order (a replay: placeOrder answers it). 'temporarily-unavailable' when
 * Firestore cannot say by `answerBy` whether the id is taken. `refused` logs a refusal.
 */
export async function refuseKnown(
  input: ValidCheckoutInput,
  answerBy: number,
  refused: (reason: string, productKeys?: string) => void,
): Promise<PlaceOrderResult | null> {
  // This process's copy of the catalogue: only names and keys matter here, never the price.
  const priced = await priceLines(input);
  if (!('lines' in priced)) return null;
  const known = knownStockRefusal(priced.lines, input.locale);
  if (!known) return null;
  // Units held by unpaid orders past their deadline come back through a lazy run.
  void expireDueOrdersLazily(0);
  const stored = await storedOrder(input.orderId, answerBy);
  if (stored === 'unknown') return { ok: false, error: 'temporarily-unavailable' };
  if (stored !== 'none') return null;
  refused(known.kind, known.details.map((detail) => detail.key).join(','));
  return { ok: false, error: known.kind, details: known.details };
}

/**
 * placeOrder's first step alone, for the server to answer before the request reaches the app
 * (./order-quick-answer.ts): the refusal of an order (`input`, as sent, received at `started`)
 * for a product known to be sold out or withdrawn, or null for every other order, which
 * placeOrder then handles in full.
 */
export async function refuseKnownSoldOut(
  input: unknown,
  started: number,
): Promise<PlaceOrderResult | null> {
  const parsed = checkoutInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const log = await startActionLog();
  try {
    return await refuseKnown(parsed.data, started + orderAnswerMs(), (reason, productKeys) =>
      log.event('order.refused', {
        orderId: parsed.data.orderId,
        reason,
        productKeys,
        attempts: 0,
      }),
    );
  } catch (error) {
    log.error(error, { during: 'place-order', orderId: parsed.data.orderId });
    return null;
  }
}

/**
 * placeOrder's second step, for the server's quick answer: an order whose units the orders already
 * in flight would use up waits for them to settle (./stock-in-flight.ts), then is refused as sold
 * out, or as 'temporarily-unavailable' when its time to start ran out. One with room is counted in
 * flight until `response` closes and left to placeOrder (null), its `headers` marked so that
 * placeOrder does not count it again.
 */
export async function holdInFlight(
  input: unknown,
  started: number,
  headers: Headers,
  response: ServerResponse,
): Promise<PlaceOrderResult | null> {
  const parsed = checkoutInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const end = await enterInFlight(parsed.data.lines, started + orderAnswerMs() - MIN_ORDER_TIME_MS);
  if (end) {
    response.once('close', end);
    headers.set(IN_FLIGHT_HEADER, '1');
    return null;
  }
  const soldOut = await refuseKnownSoldOut(parsed.data, started);
  if (soldOut) return soldOut;
  // Sold out, yet not refused: a replay of an order placed before; placeOrder gives it back.
  const priced = await priceLines(parsed.data);
  if ('lines' in priced && knownStockRefusal(priced.lines, parsed.data.locale)) return null;
  const log = await startActionLog();
  log.event('order.shed', { orderId: parsed.data.orderId, waitedMs: Date.now() - started }, 'warn');
  return { ok: false, error: 'temporarily-unavailable' };
}

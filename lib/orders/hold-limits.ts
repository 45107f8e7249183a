// Fair stock (HOLD_LIMITS of ./limits.ts): whether an order, together with the account's other
// open orders, stays within what one account may hold. Pure: the server applies it in the order's
// transaction, the cart and the checkout form use the same numbers before the shopper meets them.
import { HOLD_LIMITS } from './limits';

export type HoldLine = { key: string; quantity: number };

/** One limit an order would pass: which, its maximum, and the units it would come to. */
export type HoldLimitProblem =
  | { limit: 'perProduct'; key: string; max: number; requested: number; held: number }
  | { limit: 'total'; max: number; requested: number; held: number };

function unitsByProduct(lines: readonly HoldLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const { key, quantity } of lines) units.set(key, (units.get(key) ?? 0) + quantity);
  return units;
}

/**
 * The limits that `order` would pass given `held`, the lines of the account's open orders
 * (empty for the order alone); none when it fits.
 */
export function holdLimitProblems(
  order: readonly HoldLine[],
  held: readonly HoldLine[] = [],
  limits: { perProduct: number; total: number } = HOLD_LIMITS,
): HoldLimitProblem[] {
  const requested = unitsByProduct(order);
  const heldUnits = unitsByProduct(held);
  const problems: HoldLimitProblem[] = [];
  for (const [key, quantity] of requested) {
    const already = heldUnits.get(key) ?? 0;
    if (already + quantity > limits.perProduct) {
      problems.push({
        limit: 'perProduct',
        key,
        max: limits.perProduct,
        requested: quantity,
        held: already,
      });
    }
  }
  const requestedTotal = [...requested.values()].reduce((sum, n) => sum + n, 0);
  const heldTotal = [...heldUnits.values()].reduce((sum, n) => sum + n, 0);
  if (requestedTotal + heldTotal > limits.total) {
    problems.push({
      limit: 'total',
      max: limits.total,
      requested: requestedTotal,
      held: heldTotal,
    });
  }
  return problems;
}

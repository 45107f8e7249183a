// The cart against the live stock, pure: GET /api/cart/stock answers, this caps the lines.
import { HOLD_LIMITS } from '@/lib/orders/limits';
import type { CartItem } from '@/lib/stores/cart-store';

/**
 * One product now: units left, whether it can be bought (for sale and shown in the shop) and its
 * price in centavos (absent in an older answer).
 */
export type LiveStockEntry = { stock: number; forSale: boolean; price?: number };
export type LiveStock = Readonly<Record<string, LiveStockEntry | undefined>>;

/** Why a line cannot be checked out now. */
export type BlockedReason = 'soldOut' | 'withdrawn';

/** What the last live read says about one cart line. */
export type LineStock = {
  /** Units left of this product (the + button stops there). */
  stock: number;
  /** Set when the line cannot be bought now; it stays in the list but out of total and checkout. */
  blocked?: BlockedReason;
};

/**
 * Caps every line at the units left (lines of the same product share them, in cart order), marks
 * sold-out and withdrawn ones and prices them as the catalogue does now (the price the shopper
 * saw stays in `seenPrice`). Lines the read said nothing about are left as they are.
 */
export function applyLiveStock(items: readonly CartItem[], live: LiveStock): CartItem[] {
  const left = new Map<string, number>();
  return items.map((current) => {
    const entry = live[current.id];
    if (!entry) return current;
    const item =
      entry.price !== undefined && entry.price !== current.price
        ? { ...current, price: entry.price, seenPrice: current.seenPrice ?? current.price }
        : current;
    if (!entry.forSale) return { ...item, stockInfo: { stock: entry.stock, blocked: 'withdrawn' } };
    const remaining = left.get(item.id) ?? entry.stock;
    if (remaining <= 0) return { ...item, stockInfo: { stock: entry.stock, blocked: 'soldOut' } };
    const quantity = Math.min(item.quantity, remaining);
    left.set(item.id, remaining - quantity);
    return { ...item, quantity, stockInfo: { stock: entry.stock } };
  });
}

/** Whether the line can be checked out (not sold out or withdrawn at the last read). */
export function isCheckoutLine(item: CartItem): boolean {
  return !item.stockInfo?.blocked;
}

/**
 * What stops one more unit of product `id`: the units left at the last live read, or the fair-stock
 * limits of one account (HOLD_LIMITS: per product, and units in all); null when nothing does.
 */
export type AddLimit =
  | { kind: 'stock'; left: number }
  | { kind: 'perProduct'; max: number }
  | { kind: 'total'; max: number };

export function addLimit(
  items: readonly CartItem[],
  id: string,
  /** The units left as the page last read them, when the cart has no read of its own. */
  pageStock?: number,
): AddLimit | null {
  const lines = items.filter((item) => item.id === id);
  const inCart = lines.reduce((sum, item) => sum + item.quantity, 0);
  const info = lines.find((item) => item.stockInfo)?.stockInfo;
  if (info?.blocked) return { kind: 'stock', left: 0 };
  const stock = info?.stock ?? pageStock;
  if (stock !== undefined && inCart >= stock) return { kind: 'stock', left: stock };
  if (inCart >= HOLD_LIMITS.perProduct) return { kind: 'perProduct', max: HOLD_LIMITS.perProduct };
  const units = items.reduce((sum, item) => sum + (item.stockInfo?.blocked ? 0 : item.quantity), 0);
  if (units >= HOLD_LIMITS.total) return { kind: 'total', max: HOLD_LIMITS.total };
  return null;
}

/** Whether one more unit of this line stays within the units left and the fair-stock limits. */
export function canAddOne(items: readonly CartItem[], id: string): boolean {
  return addLimit(items, id) === null;
}

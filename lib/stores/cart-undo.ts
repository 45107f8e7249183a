// 'Desfazer' after every removal from the list (emptying it, a line's bin, '-' at one unit): kept
// out of the cart store so that it loads with the cart panel's lazily loaded body, never with the
// first load of every page.
import { CHECKOUT_LIMITS, HOLD_LIMITS } from '@/lib/orders/limits';
import { withTotal, type CartItem, type CartStoreApi } from './cart-store';

/** What 'Esvaziar a lista' removed, so that 'Desfazer' can put it back. */
export type ClearedCart = { cartItems: CartItem[]; orderId: string | null };

/** Empties the cart (clearCart) and returns what it held, for undoClear. */
export function clearCartUndoably(store: CartStoreApi): ClearedCart {
  const { cartItems, orderId } = store.getState();
  store.getState().clearCart();
  return { cartItems, orderId };
}

/**
 * Puts back what clearCartUndoably returned, only while the cart is still empty: lines added
 * since then are never overwritten. Returns whether it restored.
 */
export function undoClear(store: CartStoreApi, cleared: ClearedCart): boolean {
  if (store.getState().cartItems.length > 0 || cleared.cartItems.length === 0) return false;
  store.setState({ ...withTotal(cleared.cartItems), orderId: cleared.orderId });
  return true;
}

/** A line taken out of the list (its bin, or '-' at one unit), and where it stood. */
export type RemovedLine = { item: CartItem; index: number };

/**
 * Removes the line of product `id` and variant `variantKey` and returns it, for undoRemove; null
 * when there is no such line.
 */
export function removeLineUndoably(
  store: CartStoreApi,
  id: string,
  variantKey: string,
): RemovedLine | null {
  const { cartItems, removeItem } = store.getState();
  const index = cartItems.findIndex((item) => item.id === id && item.variant.key === variantKey);
  const item = cartItems[index];
  if (!item) return null;
  removeItem(id, variantKey);
  return { item, index };
}

/**
 * Puts a removed line back where it stood, unless that product and variant are in the list again
 * (a line added since is never overwritten) or it would no longer fit the list's limits (lines,
 * units per product and in all: lib/orders/limits.ts). Returns whether it restored.
 */
export function undoRemove(store: CartStoreApi, removed: RemovedLine): boolean {
  const { cartItems } = store.getState();
  const { item } = removed;
  if (cartItems.some((line) => line.id === item.id && line.variant.key === item.variant.key)) {
    return false;
  }
  const units = (lines: readonly CartItem[]) =>
    lines.reduce((sum, line) => sum + (line.stockInfo?.blocked ? 0 : line.quantity), 0);
  const sameProduct = cartItems.filter((line) => line.id === item.id);
  if (
    cartItems.length >= CHECKOUT_LIMITS.maxLines ||
    units(sameProduct) + item.quantity > HOLD_LIMITS.perProduct ||
    units(cartItems) + (item.stockInfo?.blocked ? 0 : item.quantity) > HOLD_LIMITS.total
  ) {
    return false;
  }
  const restored = [...cartItems];
  restored.splice(Math.min(removed.index, restored.length), 0, item);
  store.setState(withTotal(restored));
  return true;
}

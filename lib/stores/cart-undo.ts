// 'Esvaziar a lista' with 'Desfazer': kept out of the cart store so that it loads with the cart
// panel's lazily loaded body, never with the first load of every page.
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

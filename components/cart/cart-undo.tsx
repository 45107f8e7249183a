'use client';

import { useTranslations } from 'next-intl';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useCartStore, useCartStoreApi } from '@/components/providers/cart-store-provider';
import { Button } from '@/components/ui/button';
import {
  clearCartUndoably,
  removeLineUndoably,
  undoClear,
  undoRemove,
  type ClearedCart,
  type RemovedLine,
} from '@/lib/stores/cart-undo';

/** How long a removal from the list can be undone. */
export const UNDO_MS = 6_000;

/** The last removal, while it can be undone: the list emptied, or one line (with its title). */
type Undoable =
  | { kind: 'cleared'; cleared: ClearedCart }
  | { kind: 'removed'; removed: RemovedLine; title: string };

type CartUndo = {
  undoable: Undoable | null;
  clear: () => void;
  removeLine: (id: string, variantKey: string, title: string) => void;
  undo: () => void;
};

const CartUndoContext = createContext<CartUndo | null>(null);

/**
 * Holds the shopping list's last removal for UNDO_MS, so the list's lines (their bins and '-')
 * and its actions ('Esvaziar a lista', 'Desfazer') share it. A newer removal replaces the offer.
 */
export function CartUndoProvider({ children }: { children: ReactNode }) {
  const store = useCartStoreApi();
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  useEffect(() => {
    if (!undoable) return;
    const timer = window.setTimeout(() => setUndoable(null), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [undoable]);
  const value: CartUndo = {
    undoable,
    clear: () => setUndoable({ kind: 'cleared', cleared: clearCartUndoably(store) }),
    removeLine: (id, variantKey, title) => {
      const removed = removeLineUndoably(store, id, variantKey);
      if (removed) setUndoable({ kind: 'removed', removed, title });
    },
    undo: () => {
      if (undoable?.kind === 'cleared') undoClear(store, undoable.cleared);
      else if (undoable?.kind === 'removed') undoRemove(store, undoable.removed);
      setUndoable(null);
    },
  };
  return <CartUndoContext value={value}>{children}</CartUndoContext>;
}

export function useCartUndo(): CartUndo {
  const value = use(CartUndoContext);
  if (!value) throw new Error('useCartUndo must be used within CartUndoProvider');
  return value;
}

/**
 * 'A lista foi esvaziada.' or '<title> saiu da lista.' with 'Desfazer', while the removal can be
 * undone: not once the list holds what undoing would bring back (something added since would be
 * overwritten, or the line is back).
 */
export function CartUndoNotice() {
  const u = useTranslations('CartUndo');
  const { undoable, undo } = useCartUndo();
  const cartItems = useCartStore((store) => store.cartItems);
  if (!undoable) return null;
  if (undoable.kind === 'cleared' && cartItems.length > 0) return null;
  if (
    undoable.kind === 'removed' &&
    cartItems.some(
      (item) =>
        item.id === undoable.removed.item.id &&
        item.variant.key === undoable.removed.item.variant.key,
    )
  ) {
    return null;
  }
  return (
    <p role="status" className="flex items-center justify-between gap-3">
      <span>
        {undoable.kind === 'cleared' ? u('cleared') : u('removed', { title: undoable.title })}
      </span>
      <Button variant="secondary" onClick={undo} className="shrink-0">
        {u('undo')}
      </Button>
    </p>
  );
}

'use client';

import { useLiveProduct } from '@/components/catalogue/use-live-catalogue';
import { useCartStore, useCartStoreApi } from '@/components/providers/cart-store-provider';
import { addLimit } from '@/lib/cart/live-stock';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useId, type ReactNode } from 'react';
import { AddLimitText } from './add-limit-text';

/** The texts every add button of a page shares (one object in the page's payload). */
export type AddToCartLabels = {
  /** Visible text, e.g. 'Adicionar à lista'. */
  add: string;
  /** Visible text on a phone, where two cards share a row ('Adicionar'), part of `add`. */
  addShort?: string;
  /** Instead of `add` when no units are left ('Esgotado'). */
  soldOut: string;
  /** Instead of `add` when the product is not for sale ('Indisponível'). */
  unavailable: string;
};

type Props = {
  productKey: string;
  labels: AddToCartLabels;
  /** Contains the visible text and names the product, e.g. 'Adicionar à lista: Ovo Pistache'. */
  accessibleLabel: string;
  purchasable: boolean;
  /** Why the page shows it not purchasable: no units left (else: not for sale). */
  soldOut?: boolean;
  size?: 'small' | 'large';
  /** The '+' before the text, drawn by the server (no icon code in the first load). */
  icon: ReactNode;
  /**
   * The product page's button: at the limit (units left at the live read, or the per-customer
   * HOLD_LIMITS, counting what the list holds) it is disabled with the reason beside it. The
   * cards' buttons keep their size and say the reason in the notice after a click.
   */
  stopAtLimit?: boolean;
};

export function AddToCartButton({
  productKey,
  labels,
  accessibleLabel,
  purchasable: purchasableInPage,
  soldOut: soldOutInPage = false,
  size = 'small',
  icon,
  stopAtLimit = false,
}: Props) {
  const cartStore = useCartStoreApi();
  // The page may be up to a minute old: the live read (once per page view) corrects it.
  const live = useLiveProduct(productKey);
  const purchasable = live ? live.forSale && live.stock > 0 : purchasableInPage;
  // Not purchasable while for sale means no units left.
  const unavailable = (live ? live.forSale : soldOutInPage) ? labels.soldOut : labels.unavailable;
  const showCartHelper = useUiStore((store) => store.showCartHelper);
  const cartItems = useCartStore((store) => store.cartItems);
  const reasonId = useId();
  // Sold out or not for sale says so on the button itself; a limit is said beside it.
  const limit = stopAtLimit && purchasable ? addLimit(cartItems, productKey, live?.stock) : null;
  const button = (
    <button
      type="button"
      disabled={!purchasable || limit !== null}
      aria-label={purchasable ? accessibleLabel : undefined}
      aria-describedby={limit ? reasonId : undefined}
      onClick={() => {
        const { cartItems, addToCart } = cartStore.getState();
        // At the units left (the cart's last read, else the page's) or a fair-stock limit the
        // notice says so instead of 'added'.
        const limit = addLimit(cartItems, productKey, live?.stock);
        if (!limit) addToCart(productKey);
        showCartHelper(productKey, limit);
      }}
      className={`add-to-cart ${size === 'large' ? 'px-6 py-3 text-lg sm:self-start' : 'px-3 py-2 text-sm'}`}
    >
      {purchasable ? icon : null}
      {!purchasable ? (
        unavailable
      ) : labels.addShort ? (
        <>
          <span className="sm:hidden">{labels.addShort}</span>
          <span className="max-sm:hidden">{labels.add}</span>
        </>
      ) : (
        labels.add
      )}
    </button>
  );
  if (!stopAtLimit) return button;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:self-start">
      {button}
      {limit ? (
        <p
          id={reasonId}
          data-testid="add-limit"
          className="text-sm font-semibold text-cacao-700 dark:text-cacao-200"
        >
          <AddLimitText limit={limit} />
        </p>
      ) : null}
    </div>
  );
}

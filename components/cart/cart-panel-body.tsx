'use client';

import { useTranslations } from 'next-intl';
import { useCartHydrated, useCartStore } from '@/components/providers/cart-store-provider';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { isCheckoutLine } from '@/lib/cart/live-stock';
import { Link } from '@/lib/i18n/navigation';
import { CartLine } from './cart-line';
import { CartUndoNotice, useCartUndo } from './cart-undo';
import { CouponField } from '@/components/coupons/coupon-field';
import { ShippingEstimate } from '@/components/delivery/shipping-estimate';
import { CheckoutButton } from './checkout-button';
import { useLiveStock } from './use-live-stock';
import { HOLD_LIMITS } from '@/lib/orders/limits';

/** The shopping list's lines (or its empty state), mounted the first time the cart opens. */
export function CartPanelLines() {
  const t = useTranslations('CartPanel');
  const cartItems = useCartStore((store) => store.cartItems);
  const hydrated = useCartHydrated();
  const entries = useCatalogueEntries();
  const open = useUiStore((store) => store.cartOpen);
  // Every opening reads the lines' live stock and caps them (the server still decides).
  useLiveStock(open && hydrated);

  if (!hydrated) return <p role="status">{t('loading')}</p>;
  if (cartItems.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{t('empty')}</p>
        <Link
          href="/#chocolates"
          className="font-semibold text-cacao-700 underline dark:text-gold-400"
        >
          {t('browse')}
        </Link>
      </div>
    );
  }
  const checkoutLines = cartItems
    .filter(isCheckoutLine)
    .map((item) => ({ id: item.id, quantity: item.quantity }));
  return (
    <>
      <ul className="divide-y divide-cacao-200 dark:divide-cacao-800">
        {cartItems.map((item) => {
          const entry = entries.find((candidate) => candidate.key === item.id);
          return entry ? (
            <CartLine key={`${item.id}:${item.variant.key}`} item={item} entry={entry} />
          ) : null;
        })}
      </ul>
      {/* In the scrolling part, under the lines: the footer keeps the total and checkout. */}
      {checkoutLines.length > 0 ? (
        <div className="mt-4 flex flex-col gap-4 border-t border-cacao-200 pt-4 dark:border-cacao-800">
          <ShippingEstimate headingLevel={3} lines={checkoutLines} />
          <CouponField headingLevel={3} lines={checkoutLines} />
        </div>
      ) : null}
    </>
  );
}

/** The shopping list's total, 'clear' and checkout, and the last removal's 'Desfazer'. */
export function CartPanelActions() {
  const t = useTranslations('CartPanel');
  const cartItems = useCartStore((store) => store.cartItems);
  const cartTotal = useCartStore((store) => store.cartTotal);
  const { clear } = useCartUndo();
  const hydrated = useCartHydrated();
  const empty = cartItems.length === 0;
  // Sold-out or withdrawn lines stay listed (marked) but cannot be checked out.
  const nothingToCheckOut = !cartItems.some(isCheckoutLine);
  return (
    <div className="flex flex-col gap-3">
      <CartUndoNotice />
      <p className="flex items-baseline justify-between text-lg font-bold">
        <span>{t('total')}</span>
        <Price amount={hydrated ? cartTotal : 0} className="text-2xl" />
      </p>
      <p data-testid="cart-hold-limits" className="text-sm text-muted">
        {t('holdLimits', HOLD_LIMITS)}
      </p>
      {/* Side by side when both fit on one line, else one above the other: never broken. */}
      <div className="flex flex-wrap gap-3 *:grow *:whitespace-nowrap">
        <Button variant="secondary" onClick={clear} disabled={!hydrated || empty}>
          {t('clear')}
        </Button>
        <CheckoutButton label={t('checkout')} disabled={!hydrated || nothingToCheckOut} />
      </div>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStock } from '@/components/cart/use-live-stock';
import { useCartHydrated, useCartStore } from '@/components/providers/cart-store-provider';
import { isCheckoutLine } from '@/lib/cart/live-stock';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useUserStore } from '@/components/providers/user-store-provider';
import { Link } from '@/lib/i18n/navigation';
import { readCheckoutDraft, saveCheckoutDraft } from '@/lib/orders/checkout-draft';
import { CheckoutForm, type CheckoutUser, type PickupInfo } from './checkout-form';
import { CheckoutSummary } from './checkout-summary';
import type { CheckoutMemberDiscount } from '@/lib/club/perks';
import { PriceChanges } from './price-changes';
import { UnavailableLines } from './unavailable-lines';
import { Button } from '@/components/ui/button';
import { cardClass, cardTitleClass } from '@/components/ui/card';

type Props = {
  /** Who the session cookie said was signed in when the page was rendered. */
  initialUser: CheckoutUser | null;
  pickup: PickupInfo;
  /** The club discount of `initialUser`, when a member (shown in the summary only for them). */
  memberDiscount?: CheckoutMemberDiscount | null;
};

/**
 * The checkout island: the order reference and the cart, then either the sign-in request (the
 * cart is kept; the form appears once signed in, without a reload) or the checkout form.
 */
export function CheckoutView({ initialUser, pickup, memberDiscount = null }: Props) {
  const t = useTranslations('Checkout');
  const hydrated = useCartHydrated();
  // Sold-out or withdrawn lines (the live stock read) stay in the cart but out of the order.
  const cartItems = useCartStore(useShallow((store) => store.cartItems.filter(isCheckoutLine)));
  const lineCount = useCartStore((store) => store.cartItems.length);
  const orderId = useCartStore((store) => store.orderId);
  const startCheckout = useCartStore((store) => store.startCheckout);
  const openPanel = useUiStore((store) => store.openPanel);
  const closePanel = useUiStore((store) => store.closePanel);
  // The store follows sign-in and sign-out in the user tab; the server's answer covers the time
  // before the store has asked /api/session.
  const storeUser = useUserStore((store) => store.currentUser);
  const user: CheckoutUser | null = storeUser ?? initialUser;
  // Another account signed in here meanwhile: the server still prices its order, unseen here.
  const member = user && user.uid === initialUser?.uid ? memberDiscount : null;
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);
  const signInRequested = useRef(false);
  const empty = cartItems.length === 0;
  useLiveStock(hydrated);

  useEffect(() => {
    // The order id lives in the cart's memory: a reload or a new tab has the (persisted) cart but
    // no id. A reload takes back the one this tab showed (its sessionStorage draft), so the
    // reference stays; a new tab starts the checkout as the cart's checkout button does.
    if (!hydrated || empty || orderId || placedOrderId) return;
    startCheckout(readCheckoutDraft().orderId);
  }, [hydrated, empty, orderId, placedOrderId, startCheckout]);

  useEffect(() => {
    if (orderId) saveCheckoutDraft({ orderId });
  }, [orderId]);

  useEffect(() => {
    // Signed in from this page's request: close the tab so the form shows.
    if (user && signInRequested.current) {
      signInRequested.current = false;
      closePanel('userTab');
    }
  }, [user, closePanel]);

  if (placedOrderId) {
    return (
      <p role="status" className="mt-6">
        {t('placed')}
      </p>
    );
  }
  if (!hydrated || (!empty && !orderId)) {
    return (
      <p role="status" className="mt-6">
        {t('loading')}
      </p>
    );
  }
  if (empty && lineCount > 0) {
    // Only lines that cannot be bought now: say which, rather than 'no order in progress'.
    return (
      <div className="mt-6 flex flex-col items-start gap-4">
        <UnavailableLines />
        <Link href="/#chocolates" className="font-semibold underline">
          {t('backToShop')}
        </Link>
      </div>
    );
  }
  if (empty || !orderId) {
    return (
      <div className="mt-6 flex flex-col items-start gap-4">
        <p>{t('noOrder')}</p>
        <Link href="/#chocolates" className="font-semibold underline">
          {t('backToShop')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-8">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-cacao-600 dark:text-cacao-300">{t('orderReference')}</span>
        <strong
          data-testid="order-reference"
          className="rounded-lg bg-cacao-100 px-2 py-1 font-mono text-lg tracking-wider dark:bg-cacao-900"
        >
          {orderId}
        </strong>
      </p>
      <UnavailableLines />
      <PriceChanges />
      {user ? (
        <CheckoutForm
          key={user.uid}
          user={user}
          orderId={orderId}
          pickup={pickup}
          member={member}
          onPlaced={setPlacedOrderId}
        />
      ) : (
        <>
          <CheckoutSummary title={t('items')} headingId="checkout-items" />
          <section
            aria-labelledby="checkout-sign-in"
            data-testid="checkout-sign-in"
            className={`${cardClass} flex flex-col items-start gap-3`}
          >
            <h2 id="checkout-sign-in" className={cardTitleClass}>
              {t('signInTitle')}
            </h2>
            <p>{t('signInText')}</p>
            <Button
              size="lg"
              onClick={() => {
                signInRequested.current = true;
                openPanel('userTab');
              }}
            >
              {t('signIn')}
            </Button>
          </section>
        </>
      )}
    </div>
  );
}

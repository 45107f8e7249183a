'use client';

import { useCartStore } from '@/components/providers/cart-store-provider';
import { usePaymentStore } from '@/components/providers/payment-store-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useRouter } from '@/lib/i18n/navigation';
import { createOrderId } from '@/lib/orders/order-id';

/**
 * SPEC 4: disabled on an empty cart; otherwise a new random order id becomes the preference id,
 * the cart closes and the shopper goes to /checkout.
 */
export function CheckoutButton({ label, disabled }: { label: string; disabled: boolean }) {
  const router = useRouter();
  const cartItems = useCartStore((store) => store.cartItems);
  const cartTotal = useCartStore((store) => store.cartTotal);
  const setCheckoutOrder = useCartStore((store) => store.setCheckoutOrder);
  const setPreferenceId = usePaymentStore((store) => store.setPreferenceId);
  const closePanel = useUiStore((store) => store.closePanel);

  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        const orderID = createOrderId();
        setCheckoutOrder({ orderID, items: cartItems, total: cartTotal });
        setPreferenceId(orderID);
        closePanel('cart');
        router.push('/checkout');
      }}
      className="flex-1 rounded-full bg-cacao-700 px-4 py-2.5 font-semibold text-cacao-50 hover:bg-cacao-800 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500"
    >
      {label}
    </button>
  );
}

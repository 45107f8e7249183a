'use client';

import { useCartStore } from '@/components/providers/cart-store-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Disabled on an empty cart; otherwise the cart gets its order id (the checkout page shows it as
 * the order reference), the cart closes and the shopper goes to /checkout.
 */
export function CheckoutButton({ label, disabled }: { label: string; disabled: boolean }) {
  const router = useRouter();
  const startCheckout = useCartStore((store) => store.startCheckout);
  const closePanel = useUiStore((store) => store.closePanel);

  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        startCheckout();
        closePanel('cart');
        router.push('/checkout');
      }}
      className="flex-1 rounded-full bg-cacao-700 px-4 py-2.5 font-semibold text-cacao-50 hover:bg-cacao-800 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500"
    >
      {label}
    </button>
  );
}

'use client';

import { useCartStore } from '@/components/providers/cart-store-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useRouter } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';

/**
 * Disabled on an empty cart; otherwise the cart gets its order id (the checkout page shows it as
 * the order reference), the cart closes and the shopper goes to /checkout.
 */
export function CheckoutButton({ label, disabled }: { label: string; disabled: boolean }) {
  const router = useRouter();
  const startCheckout = useCartStore((store) => store.startCheckout);
  const closePanel = useUiStore((store) => store.closePanel);

  return (
    <Button
      disabled={disabled}
      onClick={() => {
        startCheckout();
        closePanel('cart');
        router.push('/checkout');
      }}
      className="flex-1"
    >
      {label}
    </Button>
  );
}

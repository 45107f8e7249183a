'use client';

import { useEffect } from 'react';
import { useCartStore } from '@/components/providers/cart-store-provider';
import type { LiveStock } from '@/lib/cart/live-stock';

/**
 * While `active` (the cart is open, the checkout page is shown), reads the live stock of the
 * cart's products once (GET /api/cart/stock) and caps the cart to it; again when the set of
 * products changes. A failed read changes nothing: placing the order checks the stock anyway.
 */
export function useLiveStock(active: boolean): void {
  const keys = useCartStore((store) =>
    [...new Set(store.cartItems.map((item) => item.id))].sort().join(','),
  );
  const applyLiveStock = useCartStore((store) => store.applyLiveStock);

  useEffect(() => {
    if (!active || !keys) return;
    const controller = new AbortController();
    fetch(`/api/cart/stock?keys=${encodeURIComponent(keys)}`, {
      cache: 'no-store',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const body = (await response.json()) as { stock?: LiveStock };
        if (body.stock) applyLiveStock(body.stock);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('[cart] live stock not read:', error);
      });
    return () => controller.abort();
  }, [active, keys, applyLiveStock]);
}

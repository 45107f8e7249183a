'use client';

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  CART_STORAGE_KEY,
  createCartStore,
  type CartCatalogue,
  type CartStore,
  type CartStoreApi,
} from '@/lib/stores/cart-store';

const CartStoreContext = createContext<CartStoreApi | undefined>(undefined);

type Props = { catalogue: CartCatalogue; children: ReactNode };

export function CartStoreProvider({ catalogue, children }: Props) {
  const [store] = useState(() => createCartStore(undefined, { catalogue }));

  useEffect(() => {
    // After hydration, so the first client render matches the server HTML (an empty cart).
    void store.persist.rehydrate();
    // Another tab changed the cart: show the same lines here.
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) void store.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return <CartStoreContext value={store}>{children}</CartStoreContext>;
}

export function useCartStoreApi(): CartStoreApi {
  const store = useContext(CartStoreContext);
  if (!store) throw new Error('useCartStore must be used within CartStoreProvider');
  return store;
}

export function useCartStore<T>(selector: (store: CartStore) => T): T {
  return useStore(useCartStoreApi(), selector);
}

/** True once the saved cart was read; false on the server and during the first client render. */
export function useCartHydrated(): boolean {
  const store = useCartStoreApi();
  return useSyncExternalStore(
    (onChange) => {
      const offStart = store.persist.onHydrate(onChange);
      const offFinish = store.persist.onFinishHydration(onChange);
      return () => {
        offStart();
        offFinish();
      };
    },
    () => store.persist.hasHydrated(),
    () => false,
  );
}

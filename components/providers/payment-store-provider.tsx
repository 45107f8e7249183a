'use client';

import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  createPaymentStore,
  type PaymentStore,
  type PaymentStoreApi,
} from '@/lib/stores/payment-store';

const PaymentStoreContext = createContext<PaymentStoreApi | undefined>(undefined);

export function PaymentStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createPaymentStore());
  return <PaymentStoreContext value={store}>{children}</PaymentStoreContext>;
}

export function usePaymentStoreApi(): PaymentStoreApi {
  const store = useContext(PaymentStoreContext);
  if (!store) throw new Error('usePaymentStore must be used within PaymentStoreProvider');
  return store;
}

export function usePaymentStore<T>(selector: (store: PaymentStore) => T): T {
  return useStore(usePaymentStoreApi(), selector);
}

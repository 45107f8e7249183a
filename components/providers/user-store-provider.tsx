'use client';

import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { createUserStore, type UserStore, type UserStoreApi } from '@/lib/stores/user-store';

const UserStoreContext = createContext<UserStoreApi | undefined>(undefined);

export function UserStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUserStore());
  return <UserStoreContext value={store}>{children}</UserStoreContext>;
}

export function useUserStoreApi(): UserStoreApi {
  const store = useContext(UserStoreContext);
  if (!store) throw new Error('useUserStore must be used within UserStoreProvider');
  return store;
}

export function useUserStore<T>(selector: (store: UserStore) => T): T {
  return useStore(useUserStoreApi(), selector);
}

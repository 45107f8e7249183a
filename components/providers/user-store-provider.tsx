'use client';

import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { applySessionUser, fetchSessionUser } from '@/lib/session/client';
import { createUserStore, type UserStore, type UserStoreApi } from '@/lib/stores/user-store';

const UserStoreContext = createContext<UserStoreApi | undefined>(undefined);

export function UserStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUserStore());

  useEffect(() => {
    // Who is signed in, from the session cookie, without loading Firebase: one small request
    // after the first render (pages stay static and render at once). A sign-in or sign-out that
    // happened meanwhile wins over this older answer.
    const controller = new AbortController();
    const before = store.getState().currentUser;
    fetchSessionUser(controller.signal)
      .then((user) => {
        if (store.getState().currentUser === before) applySessionUser(store.getState(), user);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Reading the session failed:', error);
      });
    return () => controller.abort();
  }, [store]);

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

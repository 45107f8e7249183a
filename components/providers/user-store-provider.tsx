'use client';

import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { createUserStore, type UserStore, type UserStoreApi } from '@/lib/stores/user-store';

const UserStoreContext = createContext<UserStoreApi | undefined>(undefined);

export function UserStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUserStore());

  useEffect(() => {
    // Who is signed in, from the session cookie, without loading Firebase: one small request
    // after the first render (pages stay static and render at once). A sign-in or sign-out that
    // happened meanwhile wins over this older answer.
    // The fetch wrappers are a chunk of their own, asked for here: the page's first load does not
    // wait for code it needs only after hydrating.
    const controller = new AbortController();
    const before = store.getState().currentUser;
    import('@/lib/session/client')
      .then(async ({ applySessionUser, fetchSessionUser }) => {
        const user = await fetchSessionUser(controller.signal);
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

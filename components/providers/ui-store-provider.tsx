'use client';

import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  applyColorMode,
  currentColorMode,
  savedColorMode,
  watchSystemColorMode,
} from '@/lib/color-mode';
import { usePathname } from '@/lib/i18n/navigation';
import { createUiStore, type UiStore, type UiStoreApi } from '@/lib/stores/ui-store';

const UiStoreContext = createContext<UiStoreApi | undefined>(undefined);

export function UiStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUiStore());
  const pathname = usePathname();

  useEffect(() => {
    // The boot script already chose the mode before the first paint: adopt it, then keep
    // following the system for as long as the visitor has not picked one.
    store.getState().setColorMode(currentColorMode());
    return watchSystemColorMode((mode) => {
      if (savedColorMode()) return;
      applyColorMode(mode, false);
      store.getState().setColorMode(mode);
    });
  }, [store]);

  useEffect(() => {
    // A new page: close whatever panel led there (links, back and forward).
    store.getState().closePanels();
  }, [store, pathname]);

  return <UiStoreContext value={store}>{children}</UiStoreContext>;
}

export function useUiStoreApi(): UiStoreApi {
  const store = useContext(UiStoreContext);
  if (!store) throw new Error('useUiStore must be used within UiStoreProvider');
  return store;
}

export function useUiStore<T>(selector: (store: UiStore) => T): T {
  return useStore(useUiStoreApi(), selector);
}

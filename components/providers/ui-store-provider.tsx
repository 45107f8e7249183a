'use client';

import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { runBootScriptIfMissed, takeEarlyTap } from '@/lib/boot-script';
import {
  applyColorMode,
  savedColorMode,
  systemColorMode,
  watchSystemColorMode,
} from '@/lib/color-mode';
import { usePathname } from '@/lib/i18n/navigation';
import { createUiStore, PANELS, type UiStore, type UiStoreApi } from '@/lib/stores/ui-store';

const UiStoreContext = createContext<UiStoreApi | undefined>(undefined);

export function UiStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUiStore());
  const pathname = usePathname();

  // A first page rendered in the browser never ran the layout's boot script: its cookie banner
  // and layout triggers come late (lib/boot-script.ts).
  useEffect(runBootScriptIfMissed, []);

  useEffect(() => {
    // The boot script chose the mode before the first paint; choosing again gives the same mode,
    // and covers the pages where it never ran: Next renders a notFound() or forbidden() answer
    // in the browser, where the layout's inline script does not run. Then keep following the
    // system for as long as the visitor has not picked one.
    const mode = savedColorMode() ?? systemColorMode();
    applyColorMode(mode, false);
    store.getState().setColorMode(mode);
    return watchSystemColorMode((mode) => {
      if (savedColorMode()) return;
      applyColorMode(mode, false);
      store.getState().setColorMode(mode);
    });
  }, [store]);

  // Hydrated: a panel's button tapped before (lib/boot-script.ts kept the tap) opens its panel
  // now. After this commit's other effects, as the ?login=1 opening does
  // (components/layout/open-user-tab-from-url.tsx).
  useEffect(() => {
    const early = takeEarlyTap();
    const panel = PANELS.find((candidate) => candidate === early);
    if (!panel) return;
    const timer = window.setTimeout(() => store.getState().openPanel(panel), 0);
    return () => window.clearTimeout(timer);
  }, [store]);

  // A new page: close whatever panel led there (links, back and forward). Not when the provider
  // mounts: every panel starts closed, and a tap during hydration (React runs its handler before
  // this parent's effects) would see its panel close as soon as it opened.
  const pathnameShown = useRef(pathname);
  useEffect(() => {
    if (pathnameShown.current === pathname) return;
    pathnameShown.current = pathname;
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

import { useEffect } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';

/** The search param that asks a page to open the user tab (the control panel's sign-in redirect). */
export const LOGIN_PARAM = 'login';

/**
 * Opens the user tab when the address carries `?login=1` (where the proxy and the control panel
 * send a visitor who must sign in), then drops the param so a reload or a shared link does not
 * open it again.
 */
export function useOpenUserTabFromUrl(): void {
  const openPanel = useUiStore((store) => store.openPanel);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get(LOGIN_PARAM) !== '1') return;
    // After this commit's effects: UiStoreProvider (a parent, so its effects run after this one)
    // closes every panel when a page mounts.
    const timer = window.setTimeout(() => {
      openPanel('userTab');
      url.searchParams.delete(LOGIN_PARAM);
      // Next's router keeps its state in sync with replaceState calls made this way.
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [openPanel]);
}

'use client';

import { useEffect } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { NEXT_PARAM, safeReturnPath } from '@/lib/session/return-path';

/**
 * The search param that asks a page to open the user tab: proxy.ts and
 * lib/control-panel/auth.ts send a visitor who must sign in to `/<locale>?login=1`.
 */
const LOGIN_PARAM = 'login';

/**
 * Renders nothing: opens the user tab when the address carries `?login=1`, then drops the param
 * so a reload or a shared link does not open it again. A safe `next` return path is kept.
 */
export function OpenUserTabFromUrl() {
  const openPanel = useUiStore((store) => store.openPanel);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get(LOGIN_PARAM) !== '1') return;
    // After this commit's effects: UiStoreProvider (a parent, so its effects run after this one)
    // closes every panel when the page changes, as it does when a link leads here.
    const timer = window.setTimeout(() => {
      openPanel('userTab');
      url.searchParams.delete(LOGIN_PARAM);
      // A valid `next` stays for the login form (it returns there after signing in); anything
      // else (another site, a path outside the shop's locales) is dropped here.
      if (!safeReturnPath(url.searchParams.get(NEXT_PARAM))) url.searchParams.delete(NEXT_PARAM);
      // Next's router keeps its state in sync with replaceState calls made this way.
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [openPanel]);
  return null;
}

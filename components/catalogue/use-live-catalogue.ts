'use client';

import { useEffect, useSyncExternalStore } from 'react';
import {
  LIVE_CATALOGUE_MAX_STALE_MS,
  LIVE_CATALOGUE_PATH,
  type LiveCatalogue,
  type LiveProduct,
} from '@/lib/catalogue/live';

// The storefront's live state, read when a page is viewed (GET /api/catalogue/live) and shared by
// every card and button of the page: the prerendered HTML may be up to a minute old on this
// instance, and this read only corrects it. Two small requests per page view: at once, and once
// more when any cache's copy is newer than the view (LIVE_CATALOGUE_MAX_STALE_MS). A failed read changes nothing (placing an order
// checks the stock in its transaction anyway).

/** Reads closer together than this (one page's islands mounting together) share one request. */
const SHARE_MS = 1000;

let current: LiveCatalogue | null = null;
let startedAt = -Infinity;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function refresh(): void {
  const now = Date.now();
  if (now - startedAt < SHARE_MS) return;
  startedAt = now;
  fetch(LIVE_CATALOGUE_PATH)
    .then(async (response) => {
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const body = (await response.json()) as Partial<LiveCatalogue>;
      if (!Array.isArray(body.hidden) || typeof body.products !== 'object' || !body.products) {
        throw new Error('no live catalogue');
      }
      current = { hidden: body.hidden, products: body.products };
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => console.warn('[catalogue] live stock not read:', error));
}

/** Reads the live state when the page's first islands mount and when the page is shown again. */
function useRefreshOnView(): void {
  useEffect(() => {
    refresh();
    const again = setTimeout(refresh, LIVE_CATALOGUE_MAX_STALE_MS + 100);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(again);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}

/**
 * What the live read says about one product: undefined until it answers (the server's HTML stands
 * until then, also during hydration), then its units left, sale state and whether it is hidden.
 */
export function useLiveProduct(key: string): (LiveProduct & { hidden: boolean }) | undefined {
  useRefreshOnView();
  const catalogue = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const entry = catalogue?.products[key];
  return entry && catalogue ? { ...entry, hidden: catalogue.hidden.includes(key) } : undefined;
}

import { LIVE_CATALOGUE_PATH } from './live';

/**
 * Replaces this browser's copy of the storefront's live state (app/api/catalogue/live/route.ts),
 * so an admin who just changed 'Na vitrine' sees the menu search follow within the server's cache
 * time. Best effort: a failure leaves the copy to expire by itself.
 */
export async function refreshHiddenProducts(): Promise<void> {
  try {
    await fetch(LIVE_CATALOGUE_PATH, { cache: 'reload' });
  } catch {
    // Offline: nothing to refresh now.
  }
}

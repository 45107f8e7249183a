/** The products hidden from the shop now (GET, app/api/catalogue/hidden/route.ts). */
export const HIDDEN_PRODUCTS_PATH = '/api/catalogue/hidden';

/**
 * Replaces this browser's copy of the hidden products (its HTTP cache may keep one for a few
 * seconds), so an admin who just changed 'Na vitrine' sees the menu search follow at once.
 * Best effort: a failure leaves the copy to expire by itself.
 */
export async function refreshHiddenProducts(): Promise<void> {
  try {
    await fetch(HIDDEN_PRODUCTS_PATH, { cache: 'reload' });
  } catch {
    // Offline: nothing to refresh now.
  }
}

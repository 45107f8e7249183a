// What GET /api/catalogue/live answers: the storefront's state now, for the pages (prerendered and
// regenerated at most every minute per cache) to correct themselves in the browser.

/** One product now: units left and whether it can be bought (available for sale and shown). */
export type LiveProduct = { stock: number; forSale: boolean };

export type LiveCatalogue = {
  /** Keys of the products hidden from the shop ('Na vitrine' off). */
  hidden: string[];
  /** Every catalogue product, by key. */
  products: Record<string, LiveProduct>;
};

/** The one path of the storefront's live state (menu search, product cards and pages). */
export const LIVE_CATALOGUE_PATH = '/api/catalogue/live';

/**
 * How stale an answer may be: the server's per-process cache (LIVE_CATALOGUE_TTL_MS in
 * lib/inventory/repository.ts), then a CDN's copy (s-maxage) and the stale copy it may serve while
 * it asks again (stale-while-revalidate). Browsers keep none (max-age=0). 0.5 + 1 + 1 = 2.5 s.
 */
export const LIVE_CATALOGUE_CACHE = { processMs: 500, sharedMaxAgeS: 1, staleWhileRevalidateS: 1 };

/**
 * The most an answer can lag behind Firestore. A page view's first read may predate a change made
 * just before it, so the page reads once more this long after: that second answer is newer than
 * the page view, and a change made before the view shows within about 2.5 s of it.
 */
export const LIVE_CATALOGUE_MAX_STALE_MS =
  LIVE_CATALOGUE_CACHE.processMs +
  (LIVE_CATALOGUE_CACHE.sharedMaxAgeS + LIVE_CATALOGUE_CACHE.staleWhileRevalidateS) * 1000;

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
 * How stale an answer may be, in seconds: the server's per-process cache (LIVE_CATALOGUE_TTL_MS in
 * lib/inventory/repository.ts), then a CDN's copy (s-maxage) and the stale copy it may serve while
 * it asks again (stale-while-revalidate). Browsers keep none (max-age=0). 1 + 2 + 1 = 4 s < 5 s.
 */
export const LIVE_CATALOGUE_CACHE = { processS: 1, sharedMaxAgeS: 2, staleWhileRevalidateS: 1 };

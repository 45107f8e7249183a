import { getHiddenProductKeys } from '@/lib/inventory/repository';

export const dynamic = 'force-dynamic';

// Browsers and shared caches may reuse the list briefly; the server answers from its own cache,
// which a stock save invalidates (getHiddenProductKeys), so a hidden product leaves the menu
// search at once for the admin (the stock form reloads its browser's copy) and within this
// time for anyone else.
const HIDDEN_MAX_AGE_S = 10;
const CACHED = { 'Cache-Control': `public, max-age=${HIDDEN_MAX_AGE_S}` };
const NOT_CACHED = { 'Cache-Control': 'no-store' };

/**
 * GET /api/catalogue/hidden: the keys of the products hidden from the shop ('Na vitrine' off on
 * the stock page). The menu search, built into every page from the static catalogue, leaves these
 * out. Anyone may ask, as often as they like: the answer comes from the server's cache, not from
 * a Firestore read per request.
 */
export async function GET(): Promise<Response> {
  try {
    return Response.json({ hidden: await getHiddenProductKeys() }, { headers: CACHED });
  } catch (error) {
    console.error(`[catalogue] reading the shop's flags failed: ${(error as Error)?.message}`);
    return Response.json({ error: 'unavailable' }, { status: 503, headers: NOT_CACHED });
  }
}

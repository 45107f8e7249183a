import { LIVE_CATALOGUE_CACHE } from '@/lib/catalogue/live';
import { readLiveCatalogue } from '@/lib/inventory/repository';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

// A CDN may keep the answer briefly and serve it a little stale while it asks again; browsers
// keep none. With the server's own cache the total stays at 2.5 s (lib/catalogue/live.ts).
const CACHED = {
  'Cache-Control':
    `public, max-age=0, s-maxage=${LIVE_CATALOGUE_CACHE.sharedMaxAgeS}, ` +
    `stale-while-revalidate=${LIVE_CATALOGUE_CACHE.staleWhileRevalidateS}`,
};
const NOT_CACHED = { 'Cache-Control': 'no-store' };

/**
 * GET /api/catalogue/live: the storefront now, for every product: units left, whether it can be
 * bought, and which are hidden from the shop ('Na vitrine' off). The landing's cards and the
 * product pages (prerendered, regenerated at most every minute per instance) correct their
 * 'Esgotado' and hidden state with it on each page view (components/catalogue); the menu search leaves the hidden ones
 * out. Anyone may ask, as often as they like: the answer comes from the server's per-process cache
 * (at most two Firestore reads of the inventory per second per instance), not a read per request.
 */
export async function GET(): Promise<Response> {
  try {
    return Response.json(
      await withDeadline(readLiveCatalogue(), backendDeadlineMs(), 'the live catalogue'),
      { headers: CACHED },
    );
  } catch (error) {
    logFailure('backend.failed', error, { what: 'catalogue.live' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: NOT_CACHED });
  }
}

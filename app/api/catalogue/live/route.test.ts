// The storefront's live state against a private local Firebase (seeded: every product shown and
// in stock): what it answers, how it may be cached, and that a burst of requests costs one read
// per process cache time, whatever the traffic.

import { Query } from 'firebase-admin/firestore';

import { setUpFileFirebase } from '@/test/local-firebase-env';

jest.setTimeout(30_000);

// The read path: what a process answers while its stock listeners are not live (starting, or
// restarting after a fault). With them live it answers from them and reads nothing.
jest.mock('@/lib/inventory/stock-shards', () => ({
  ...jest.requireActual('@/lib/inventory/stock-shards'),
  stockView: () => null,
}));

// A busy machine can take long to start the stack.
const firebase = setUpFileFirebase({ timeoutMs: 90_000 });
let route: typeof import('./route');
let repository: typeof import('@/lib/inventory/repository');

const INVENTORY = 'projects/chocolate-shop/inventory';

/** Reads of the inventory collection (the whole-collection get the route's read makes). */
const inventoryReads = jest.spyOn(Query.prototype, 'get');
const countInventoryReads = () =>
  inventoryReads.mock.contexts.filter((query) => (query as { path?: string }).path === INVENTORY)
    .length;

type Answer = {
  hidden: string[];
  products: Record<string, { stock: number; forSale: boolean }>;
};

const get = async () => (await route.GET()).json() as Promise<Answer>;
/** Past the process cache's time, as the next request after it would be. */
const afterCacheTime = () =>
  new Promise((resolve) => setTimeout(resolve, repository.LIVE_CATALOGUE_TTL_MS + 50));

beforeAll(async () => {
  route = await import('./route');
  repository = await import('@/lib/inventory/repository');
  // The Firestore client's first use loads it, which on a busy machine holds the thread for a
  // second or more: done here, so that the burst below arrives together.
  // So does the process's first read of the storefront revision, which fails past its deadline
  // while no revision is known yet (later ones keep the last known): a busy machine may need a few
  // tries.
  for (let tries = 1; ; tries += 1) {
    try {
      await repository.readLiveCatalogue();
      break;
    } catch (error) {
      if (tries === 10) throw error;
    }
  }
  await afterCacheTime();
  inventoryReads.mockClear();
});

describe('GET /api/catalogue/live', () => {
  it('answers every product, cacheable by a CDN for 2.5 s in all, and a burst costs one read', async () => {
    // A burst arriving together shares one read (later ones within 0.5 s would too, but a busy
    // machine may take longer than that to answer the first).
    const [first, ...others] = await Promise.all([route.GET(), route.GET(), route.GET()]);
    expect(first!.status).toBe(200);
    expect(first!.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=1, stale-while-revalidate=1',
    );
    const body = (await first!.json()) as Answer;
    expect(body.hidden).toEqual([]);
    expect(body.products['mini-ovo']).toEqual({ stock: expect.any(Number), forSale: true });
    for (const other of others) expect(await other.json()).toEqual(body);
    expect(countInventoryReads()).toBe(1);

    // Written on "another instance" (straight into Firestore, no revalidation here): sold out,
    // hidden, not for sale.
    await firebase.db.doc(`${INVENTORY}/mini-ovo`).set({ stock: 0 }, { merge: true });
    await firebase.db
      .doc(`${INVENTORY}/barra-tropical-rio`)
      .set({ showInStore: false }, { merge: true });
    await firebase.db
      .doc(`${INVENTORY}/ovo-pistache`)
      .set({ availableForSale: false }, { merge: true });
    await afterCacheTime();
    const later = await get();
    expect(countInventoryReads()).toBe(2);
    expect(later.products['mini-ovo']).toEqual({ stock: 0, forSale: true });
    expect(later.hidden).toEqual(['barra-tropical-rio']);
    expect(later.products['barra-tropical-rio']?.forSale).toBe(false);
    // Not for sale is not hidden: the landing still lists it.
    expect(later.products['ovo-pistache']?.forSale).toBe(false);
  });

  it('answers 503, not cached, when Firestore cannot be read, and reads again next time', async () => {
    await afterCacheTime();
    inventoryReads.mockClear();
    inventoryReads.mockRejectedValueOnce(new Error('UNAVAILABLE'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await route.GET();
    expect(failed.status).toBe(503);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    expect(await failed.json()).toEqual({ error: 'unavailable' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('UNAVAILABLE'));
    error.mockRestore();

    expect((await route.GET()).status).toBe(200);
    expect(countInventoryReads()).toBe(2);
  });
});

// The menu search's list of hidden products against a private local Firebase (seeded: every
// product shown), served from Next's real data cache (its IncrementalCache, in memory), and
// invalidated the way a stock save does it (revalidateStorefront inside a request's work store,
// whose pending revalidations Next applies when the request ends). Each GET runs in a work store
// too, as Next runs a route handler (a stale entry is answered and refreshed after the answer):
// only the stock save's `expire: 0` makes the next answer fresh (with 'max' this test fails).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Query } from 'firebase-admin/firestore';
import type { WorkStore } from 'next/dist/server/app-render/work-async-storage.external';
import { workAsyncStorage } from 'next/dist/server/app-render/work-async-storage.external';
import { IncrementalCache } from 'next/dist/server/lib/incremental-cache';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { withExecuteRevalidates } from 'next/dist/server/revalidation-utils';

import { setUpFileFirebase } from '@/test/local-firebase-env';

// The second invalidation, after the answer, is the action's business (lib/control-panel tests).
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), after: jest.fn() }));

jest.setTimeout(30_000);

const firebase = setUpFileFirebase();
let route: typeof import('./route');
let revalidateStorefront: typeof import('@/lib/control-panel/revalidate').revalidateStorefront;
let incrementalCache: IncrementalCache;
let distDir: string;

const INVENTORY = 'projects/chocolate-shop/inventory';

/** Reads of the inventory collection (the whole-collection get the route's read makes). */
const inventoryReads = jest.spyOn(Query.prototype, 'get');
const countInventoryReads = () =>
  inventoryReads.mock.contexts.filter((query) => (query as { path?: string }).path === INVENTORY)
    .length;

/** Runs `action` as Next runs a Server Action: in a work store, its revalidations applied after. */
async function inRequest(action: () => void): Promise<void> {
  const store = {
    route: '/[locale]/control-panel/stock',
    page: '/[locale]/control-panel/stock/page',
    incrementalCache,
    cacheLifeProfiles: {},
    pendingRevalidatedTags: [],
  } as unknown as WorkStore;
  await workAsyncStorage.run(store, () => withExecuteRevalidates(store, async () => action()));
}

/**
 * GET as Next runs a route handler: in a work store of its own, where the data cache answers a
 * stale entry at once and refreshes it after the answer (pending revalidates, awaited here).
 */
async function get(): Promise<Response> {
  const store = {
    route: '/api/catalogue/hidden',
    page: '/api/catalogue/hidden/route',
    incrementalCache,
    cacheLifeProfiles: {},
    pendingRevalidatedTags: [],
  } as unknown as WorkStore;
  return workAsyncStorage.run(store, () => withExecuteRevalidates(store, () => route.GET()));
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hidden-cache-'));
  incrementalCache = new IncrementalCache({
    fs: nodeFs,
    dev: false,
    flushToDisk: false,
    minimalMode: false,
    serverDistDir: distDir,
    requestHeaders: {},
    maxMemoryCacheSize: 10 * 1024 * 1024,
    previewProps: {
      previewModeId: 'test',
      previewModeSigningKey: 'test',
      previewModeEncryptionKey: 'test',
    },
    prerenderManifest: {
      version: 4,
      routes: {},
      dynamicRoutes: {},
      notFoundRoutes: [],
      preview: {
        previewModeId: 'test',
        previewModeSigningKey: 'test',
        previewModeEncryptionKey: 'test',
      },
    },
  });
  // Where Next's data cache is found when a store does not carry it.
  (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache = incrementalCache;
  route = await import('./route');
  ({ revalidateStorefront } = await import('@/lib/control-panel/revalidate'));
});

afterAll(() => {
  delete (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/catalogue/hidden', () => {
  it('answers from the cache until a stock save invalidates it, then reads the inventory again', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=10');
    expect(await first.json()).toEqual({ hidden: [] });
    expect(countInventoryReads()).toBe(1);

    // A second request, and a burst of them, cost no Firestore read.
    await Promise.all([get(), get(), get()]);
    expect(await (await get()).json()).toEqual({ hidden: [] });
    expect(countInventoryReads()).toBe(1);

    // Hidden in Firestore (as the stock form's transaction writes it): the cache does not know
    // until the save's revalidation.
    await firebase.db
      .doc(`${INVENTORY}/barra-tropical-rio`)
      .set({ showInStore: false }, { merge: true });
    // Not for sale is not hidden: the landing still lists it.
    await firebase.db
      .doc(`${INVENTORY}/mini-ovo`)
      .set({ availableForSale: false }, { merge: true });
    expect(await (await get()).json()).toEqual({ hidden: [] });
    expect(countInventoryReads()).toBe(1);

    await inRequest(() =>
      revalidateStorefront(['barra-tropical-rio', 'mini-ovo'], { sitemap: true, inAnswer: true }),
    );
    expect(await (await get()).json()).toEqual({ hidden: ['barra-tropical-rio'] });
    expect(countInventoryReads()).toBe(2);
    expect(await (await get()).json()).toEqual({ hidden: ['barra-tropical-rio'] });
    expect(countInventoryReads()).toBe(2);

    await firebase.db
      .doc(`${INVENTORY}/barra-tropical-rio`)
      .set({ showInStore: true }, { merge: true });
    await inRequest(() =>
      revalidateStorefront(['barra-tropical-rio'], { sitemap: true, inAnswer: true }),
    );
    expect(await (await get()).json()).toEqual({ hidden: [] });
    expect(countInventoryReads()).toBe(3);
  });

  it('answers 503, not cached, when Firestore cannot be read, and reads again next time', async () => {
    inventoryReads.mockClear();
    await inRequest(() => revalidateStorefront(['mini-ovo'], { sitemap: false, inAnswer: true }));
    inventoryReads.mockRejectedValueOnce(new Error('UNAVAILABLE'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await get();
    expect(failed.status).toBe(503);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    expect(await failed.json()).toEqual({ error: 'unavailable' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('UNAVAILABLE'));
    error.mockRestore();

    expect((await get()).status).toBe(200);
    expect(countInventoryReads()).toBe(2);
  });
});

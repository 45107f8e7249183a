import 'server-only';

import { withDeadline } from '@/lib/deadline';
import { productsCollection } from '@/lib/firebase/admin';
import { logEvent, logFailure } from '@/lib/log';
import { runtimeEnv } from '@/lib/public-env';

import { parseProductRecord } from './record';
import { storefrontRevision } from './revision';
import { SEED_RECORDS } from './seed';
import type { ProductRecord } from './types';

// The catalogue's reads (products/{key}). Each server process keeps the whole catalogue (a few
// dozen small documents) for as long as the storefront's revision (./revision.ts) stays the same,
// so pages, the cart's and checkout's checks and the live endpoints read no product document per
// request; a change anywhere moves the revision, and every process reads the products again
// once it learns of it (./revision.ts). Writes: ./repository-writes.ts.

// `next build` needs no Firestore (no emulators, no credentials): it renders from the seed after
// a short wait. Nothing it renders is served: the page cache
// (lib/cache/storefront-cache-handler.mjs) lives in the server's memory, so each page is rendered
// again from the real catalogue at run time.
const BUILD_TIMEOUT_MS = 1_500;

function isBuildPhase(): boolean {
  return runtimeEnv('NEXT_PHASE') === 'phase-production-build';
}

type Cache = { revision: number; records: Promise<readonly ProductRecord[]> } | null;
const holder = ((globalThis as { __shopCatalogue?: { cache: Cache } }).__shopCatalogue ??= {
  cache: null,
});

/** Every stored product, archived ones too, in shop order; malformed ones are left out and logged. */
async function readRecords(): Promise<readonly ProductRecord[]> {
  const snapshot = await productsCollection().get();
  const records: ProductRecord[] = [];
  for (const doc of snapshot.docs) {
    const record = parseProductRecord({ ...doc.data(), key: doc.id });
    if (record) records.push(record);
    else logEvent('catalogue.product_invalid', { productKey: doc.id }, 'error');
  }
  if (records.length === 0) {
    // A project set up before the catalogue was data: `npm run setup:firebase` seeds it.
    logEvent('catalogue.empty', {}, 'error');
  }
  return records.sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

let buildFallbackLogged = false;

/** The catalogue as of one storefront revision: what an order is priced from. */
export type CatalogueSnapshot = { revision: number; records: readonly ProductRecord[] };

/**
 * Every product record, archived ones included, in shop order, with the storefront revision they
 * are from: this process's copy while the revision has not moved, else read again (`fresh`: the
 * revision itself read now, not up to STOREFRONT_REVISION_TTL_MS ago). During `next build`
 * without Firestore, the seed. At run time a failure throws, so an incremental regeneration
 * keeps the last good page.
 */
export async function catalogueSnapshot(
  options: { fresh?: boolean } = {},
): Promise<CatalogueSnapshot> {
  if (isBuildPhase()) {
    // Once Firestore did not answer, the rest of the build does not wait for it again.
    if (buildFallbackLogged) return { revision: 0, records: SEED_RECORDS };
    try {
      await withDeadline(
        Promise.resolve().then(() => productsCollection().limit(1).get()),
        BUILD_TIMEOUT_MS,
        'catalogue read',
      );
    } catch (error) {
      if (!buildFallbackLogged) {
        buildFallbackLogged = true;
        logFailure('backend.failed', error, { what: 'catalogue.build-prerender' }, 'warn');
      }
      return { revision: 0, records: SEED_RECORDS };
    }
    return { revision: 0, records: await readRecords() };
  }
  const { revision } = await storefrontRevision(options);
  const cached = holder.cache;
  if (cached && cached.revision === revision) return { revision, records: await cached.records };
  const records = readRecords();
  const entry = { revision, records };
  holder.cache = entry;
  records.catch(() => {
    if (holder.cache === entry) holder.cache = null;
  });
  return { revision, records: await records };
}

/** Every product record, archived ones included, in shop order (see catalogueSnapshot). */
export async function listAllProductRecords(
  options: { fresh?: boolean } = {},
): Promise<readonly ProductRecord[]> {
  return (await catalogueSnapshot(options)).records;
}

/** The products of the shop (not archived), in shop order. */
export async function listProductRecords(
  options: { fresh?: boolean } = {},
): Promise<ProductRecord[]> {
  return (await listAllProductRecords(options)).filter((record) => !record.archived);
}

/** The record stored under `key` (archived or not), or undefined. */
export async function getProductRecord(key: string): Promise<ProductRecord | undefined> {
  return (await listAllProductRecords()).find((record) => record.key === key);
}

/** The product that was called `key` before a rename, or undefined. */
export async function findRenamedProduct(key: string): Promise<ProductRecord | undefined> {
  return (await listAllProductRecords()).find((record) => record.formerKeys.includes(key));
}

/** Drops this process's copy: the next read asks Firestore (after a change made here). */
export function forgetCatalogue(): void {
  holder.cache = null;
}

/**
 * A lookup of product names in `locale` by key, archived products included: what order lines show
 * (lib/catalogue/order-item-title.ts).
 */
export async function productTitleLookup(
  locale: keyof ProductRecord['title'],
): Promise<(key: string) => string | undefined> {
  const records = await listAllProductRecords();
  return (key) => records.find((record) => record.key === key)?.title[locale];
}

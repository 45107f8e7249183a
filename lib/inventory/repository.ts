import 'server-only';

import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { cache } from 'react';

import { LIVE_CATALOGUE_CACHE, type LiveCatalogue } from '@/lib/catalogue/live';
import {
  getProductRecord,
  listAllProductRecords,
  listProductRecords,
} from '@/lib/catalogue/repository';
import type { Product, ProductRecord } from '@/lib/catalogue/types';
import { withDeadline } from '@/lib/deadline';
import {
  inventoryCollection,
  inventoryShardsCollection,
  runTransaction,
} from '@/lib/firebase/admin';
import { runtimeEnv } from '@/lib/public-env';

import {
  catalogueDefaults,
  entryFromDocument,
  productsWithInventory,
  stockFromDocument,
  type InventoryEntry,
  type InventoryOverlay,
} from './overlay';
import {
  readAllProductStocks,
  readProductStocks,
  readStocksForWrite,
  stockView,
  totalOf,
  writeStock,
  type ProductStock,
  type StockView,
} from './stock-shards';
import { logEvent, logFailure } from '@/lib/log';

// `next build` prerenders the landing and product pages without any Firestore (no emulators, no
// credentials): there the read fails fast and the pages are built from the catalogue defaults.
// At runtime the pages are regenerated (time-based and on demand, see the pages' `revalidate`
// and lib/control-panel/actions.ts) from the real inventory.
const BUILD_TIMEOUT_MS = 1_500;
const RUNTIME_TIMEOUT_MS = 5_000;

let buildFallbackLogged = false;

function isBuildPhase(): boolean {
  return runtimeEnv('NEXT_PHASE') === 'phase-production-build';
}

/** A product's entry: its own document's flags over the record's, and its whole stock. */
function entryOf(
  record: Pick<ProductRecord, 'isPromoted'>,
  stock: ProductStock | undefined,
): InventoryEntry {
  return entryFromDocument(record, stock && { ...stock.own, stock: totalOf(stock) });
}

function overlayOf(stocks: StockView, records: readonly ProductRecord[]): InventoryOverlay {
  const overlay: InventoryOverlay = {};
  for (const record of records) overlay[record.key] = entryOf(record, stocks.get(record.key));
  return overlay;
}

async function readOverlay(
  records: readonly ProductRecord[],
  timeoutMs: number,
): Promise<InventoryOverlay> {
  // Synchronous failures (no Firebase configuration at build time) land in the catch below too.
  const stocks = await withDeadline(
    Promise.resolve().then(readAllProductStocks),
    timeoutMs,
    'inventory read',
  );
  return overlayOf(stocks, records);
}

/** The stock this process's listeners hold (never during the build, which has no Firestore). */
function liveView(): StockView | null {
  return isBuildPhase() ? null : stockView();
}

/**
 * The live stock and flags of every product of `records` (`inventory/{key}` over them). During
 * `next build`, when Firestore cannot be reached, it answers the records' defaults after a short
 * timeout and logs that once. At runtime a failure throws, so an incremental regeneration keeps
 * serving the last good page instead of the defaults.
 */
export async function getInventoryOverlay(
  records: readonly ProductRecord[],
): Promise<InventoryOverlay> {
  const building = isBuildPhase();
  try {
    return await readOverlay(records, building ? BUILD_TIMEOUT_MS : RUNTIME_TIMEOUT_MS);
  } catch (error) {
    if (!building) throw error;
    if (!buildFallbackLogged) {
      buildFallbackLogged = true;
      // Prerendered from the catalogue defaults; pages pick up the real inventory when they
      // revalidate.
      logFailure('backend.failed', error, { what: 'inventory.build-prerender' }, 'warn');
    }
    return catalogueDefaults(records);
  }
}

/**
 * Every product of the shop (not archived) as the storefront shows it now: its record
 * (lib/catalogue/repository.ts) with its live stock and flags, from this process's listeners when
 * they are live, else read; once per render.
 */
export const getStorefrontProducts = cache(async (): Promise<Product[]> => {
  const records = await listProductRecords();
  const view = liveView();
  return productsWithInventory(
    view ? overlayOf(view, records) : await getInventoryOverlay(records),
    records,
  );
});

/**
 * The tag of inventory reads kept in Next's data cache. The control panel invalidates it with the
 * storefront pages whenever stock or flags change (lib/control-panel/revalidate.ts).
 */
export const INVENTORY_CACHE_TAG = 'inventory';

/** How long this process reuses one read of the live catalogue (lib/catalogue/live.ts). */
export const LIVE_CATALOGUE_TTL_MS = LIVE_CATALOGUE_CACHE.processMs;

// One entry per server process, shared by the route bundles through globalThis (like
// lib/rate-limit): requests within the TTL, and those arriving together, share one read.
const liveCatalogueCache = ((
  globalThis as { __shopLiveCatalogue?: { at: number; value: Promise<LiveCatalogue> | null } }
).__shopLiveCatalogue ??= { at: 0, value: null });

/**
 * The storefront now, for anyone who asks (GET /api/catalogue/live): every product's units left
 * and sale state, and the hidden ones. From this process's listeners when they are live;
 * otherwise one read of the inventory per LIVE_CATALOGUE_TTL_MS per process at most, whatever
 * the traffic; a failed read is not kept.
 */
export function readLiveCatalogue(now = Date.now()): Promise<LiveCatalogue> {
  const view = liveView();
  if (view) {
    return listProductRecords().then((records) =>
      liveCatalogueOf(overlayOf(view, records), records),
    );
  }
  const cache = liveCatalogueCache;
  if (cache.value && now - cache.at < LIVE_CATALOGUE_TTL_MS) return cache.value;
  const value = listProductRecords().then(async (records) =>
    liveCatalogueOf(await readOverlay(records, RUNTIME_TIMEOUT_MS), records),
  );
  cache.at = now;
  cache.value = value;
  value.catch(() => {
    if (cache.value === value) cache.value = null;
  });
  return value;
}

function liveCatalogueOf(
  overlay: InventoryOverlay,
  records: readonly ProductRecord[],
): LiveCatalogue {
  const live: LiveCatalogue = { hidden: [], products: {} };
  for (const product of productsWithInventory(overlay, records)) {
    if (!product.showInStore) live.hidden.push(product.key);
    live.products[product.key] = {
      stock: product.stockQtty,
      forSale: product.availableForSale && product.showInStore,
    };
  }
  return live;
}

/** One product as the storefront shows it now, or undefined for an unknown key. */
export async function getStorefrontProduct(key: string): Promise<Product | undefined> {
  return (await getStorefrontProducts()).find((product) => product.key === key);
}

export type InventoryLine = InventoryEntry & {
  key: string;
  /** The stock the admin saw: the write is refused when it changed meanwhile (an order). */
  expectedStock: number;
};

export type InventoryLineOutcome =
  | { key: string; ok: true; entry: InventoryEntry; before: InventoryEntry }
  | { key: string; ok: false; error: 'stale'; current: number };

/**
 * Writes the stock and flags of several products (`inventory/{key}`, merged) in one transaction:
 * one batched read of their documents, then a write for each line whose stored stock is still
 * `expectedStock` (or already the new value). A line whose stock orders changed since the form
 * was loaded is refused as 'stale' (the new absolute value would silently undo those orders);
 * the others are written. Throws for a key outside the catalogue.
 */
export async function writeInventoryLines(
  lines: readonly InventoryLine[],
): Promise<InventoryLineOutcome[]> {
  if (lines.length === 0) return [];
  const products = await Promise.all(
    lines.map(async (line) => {
      const record = await getProductRecord(line.key);
      if (!record) throw new Error(`unknown product: ${line.key}`);
      return record;
    }),
  );
  return runTransaction(async (transaction): Promise<InventoryLineOutcome[]> => {
    const stored = await readStocksForWrite(
      transaction,
      lines.map((line) => line.key),
    );
    return lines.map((line, index): InventoryLineOutcome => {
      const { stock } = stored[index]!;
      const before = entryOf(products[index]!, stored[index]!.data ? stock : undefined);
      if (before.stock !== line.expectedStock && before.stock !== line.stock) {
        return { key: line.key, ok: false, error: 'stale', current: before.stock };
      }
      const entry: InventoryEntry = {
        stock: line.stock,
        availableForSale: line.availableForSale,
        showInStore: line.showInStore,
        isPromoted: line.isPromoted,
      };
      const { availableForSale, showInStore, isPromoted } = entry;
      writeStock(transaction, line.key, line.stock, stock, {
        availableForSale,
        showInStore,
        isPromoted,
      });
      return { key: line.key, ok: true, entry, before };
    });
  });
}

/** What a transaction needs to know of one product's own inventory document (shard 0). */
export type StockOnHand = {
  /**
   * Units in the product's own document; a missing document or malformed stock counts as none.
   * A large stock has more in its shards (./stock-shards.ts): orders take through readStockTakes.
   */
  stock: number;
  /** The document's availableForSale when it holds a boolean (it then wins over the catalogue). */
  availableForSale: boolean | undefined;
  /** The document's showInStore when it holds a boolean: a hidden product is not sold either. */
  showInStore: boolean | undefined;
};

/** Inside `transaction`, the units in each of `keys`' own document (in that order). */
export async function readStock(
  transaction: Transaction,
  keys: readonly string[],
): Promise<StockOnHand[]> {
  if (keys.length === 0) return [];
  const refs = keys.map((key) => inventoryCollection().doc(key));
  const snapshots = await transaction.getAll(...refs);
  return snapshots.map((snapshot, index) => {
    const data = snapshot.data();
    const stock = stockFromDocument(data);
    if (stock === null) {
      // The seed creates one document per product; a gap means the data needs fixing.
      logEvent('inventory.stock_missing', { productKey: keys[index], treatedAs: 0 }, 'warn');
    }
    const availableForSale: unknown = data?.availableForSale;
    const showInStore: unknown = data?.showInStore;
    return {
      stock: stock ?? 0,
      availableForSale: typeof availableForSale === 'boolean' ? availableForSale : undefined,
      showInStore: typeof showInStore === 'boolean' ? showInStore : undefined,
    };
  });
}

/**
 * Inside `transaction`, takes `quantity` units of each line whose stock was read as `stock` in
 * the same transaction (the caller has checked there are enough). Absolute writes, not
 * increments: the transaction fails and retries if the stock changed since it was read.
 */
export function takeStock(
  transaction: Transaction,
  lines: readonly { key: string; quantity: number; stock: number }[],
): void {
  for (const { key, quantity, stock } of lines) {
    transaction.update(inventoryCollection().doc(key), { stock: stock - quantity });
  }
}

/** Inside `transaction`, puts `units` (product key -> count) back on the shelf. */
export function returnStock(transaction: Transaction, units: ReadonlyMap<string, number>): void {
  for (const [key, quantity] of units) {
    transaction.set(
      inventoryCollection().doc(key),
      { stock: FieldValue.increment(quantity) },
      { merge: true },
    );
  }
}

/** What the cart needs to know about one product now: units left, whether it is sold, its price. */
export type LiveStockEntry = { stock: number; forSale: boolean; price: number };

/**
 * The live stock and sale state of the given catalogue products only, for the cart: from this
 * process's listeners when they are live, else one batched read of their documents (and of the
 * shards of a split stock). A product is for sale when it is both available for sale and shown
 * in the shop. Unknown keys are left out.
 */
export async function readLiveStock(
  keys: readonly string[],
): Promise<Record<string, LiveStockEntry>> {
  // Archived products too: the cart shows them withdrawn instead of keeping them for sale.
  const records = await listAllProductRecords();
  const known = [...new Set(keys)].flatMap((key) => {
    const record = records.find((candidate) => candidate.key === key);
    return record ? [record] : [];
  });
  if (known.length === 0) return {};
  const stocks = liveView() ?? (await readProductStocks(known.map((product) => product.key)));
  const live: Record<string, LiveStockEntry> = {};
  for (const product of known) {
    const entry = entryOf(product, stocks.get(product.key));
    live[product.key] = {
      stock: entry.stock,
      forSale: !product.archived && entry.availableForSale && entry.showInStore,
      price: product.price,
    };
  }
  return live;
}

/** The stock and flags of `record` now (its documents over its defaults): the product editor. */
export async function readInventoryEntry(
  record: Pick<ProductRecord, 'key' | 'isPromoted'>,
): Promise<InventoryEntry> {
  const stocks = await readProductStocks([record.key]);
  return entryOf(record, stocks.get(record.key));
}

// The product editor's share of the inventory (lib/control-panel/product-editor.ts), inside its
// transaction: a product's stock and flags, whatever documents its stock is split over.

/** Inside `transaction` (reads): the stock and flags of `record`, and its documents as read. */
export async function readInventoryInTransaction(
  transaction: Transaction,
  record: Pick<ProductRecord, 'key' | 'isPromoted'>,
): Promise<{ live: InventoryEntry; stored: ProductStock }> {
  const [read] = await readStocksForWrite(transaction, [record.key]);
  return { live: entryOf(record, read!.data ? read!.stock : undefined), stored: read!.stock };
}

/** Inside `transaction`: sets product `key`'s stock and flags; `before` as read above. */
export function setInventoryInTransaction(
  transaction: Transaction,
  key: string,
  entry: InventoryEntry,
  before: ProductStock | null,
): void {
  const { stock, availableForSale, showInStore, isPromoted } = entry;
  const none: ProductStock = {
    shards: [0],
    own: undefined,
    availableForSale: undefined,
    showInStore: undefined,
  };
  writeStock(transaction, key, stock, before ?? none, {
    availableForSale,
    showInStore,
    isPromoted,
  });
}

/** Inside `transaction`: removes product `key`'s stock documents (`before`: as read above). */
export function deleteInventoryInTransaction(
  transaction: Transaction,
  key: string,
  before: ProductStock,
): void {
  transaction.delete(inventoryCollection().doc(key));
  for (let shard = 1; shard < before.shards.length; shard += 1) {
    transaction.delete(inventoryShardsCollection().doc(`${key}.${shard}`));
  }
}

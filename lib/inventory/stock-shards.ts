import 'server-only';

import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';

import { getAdminDb, inventoryCollection, inventoryShardsCollection } from '@/lib/firebase/admin';
import { liveQuery } from '@/lib/firebase/live-query';

import { stockFromDocument } from './overlay';

// A product's stock as one or several documents. Firestore sustains about one write per second per
// document, and concurrent transactions on one document run one after another (docs/SCALING.md):
// a large stock is therefore split over STOCK_SHARDS documents, the product's own
// (`inventory/{key}`, shard 0, which also holds its flags) and `inventoryShards/{key}.{n}`, and an
// order takes its units from the shard the process last saw holding most. The stock shown is the
// sum. Returned units (cancellations, expiry) go to shard 0; an admin's write spreads the whole
// stock again. Small stocks stay in the product's own document.

/** The documents a large stock is split over (shard 0 included). */
export const STOCK_SHARDS = 16;
/** From this stock on, an admin's write splits it over STOCK_SHARDS documents. */
export const SHARDED_STOCK_FROM = 50;

/** One product's stock documents: units per shard and the flags its own document holds. */
export type ProductStock = {
  /** Units per shard, index 0 the product's own document; as many as the product has shards. */
  shards: number[];
  /** The document's flags when it holds booleans (they then win over the catalogue). */
  availableForSale: boolean | undefined;
  showInStore: boolean | undefined;
  /** The product's own document as stored (its other flags). */
  own: DocumentData | undefined;
};

/** Product key -> its stock documents. */
export type StockView = ReadonlyMap<string, ProductStock>;

export function totalOf(stock: ProductStock | undefined): number {
  return stock ? stock.shards.reduce((sum, units) => sum + units, 0) : 0;
}

/** How many documents a product's stock is in, from its own document's `stockShards`. */
function shardCountOf(data: DocumentData | undefined): number {
  const count: unknown = data?.stockShards;
  return typeof count === 'number' && Number.isInteger(count) && count > 1
    ? Math.min(count, STOCK_SHARDS)
    : 1;
}

function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function shardRef(key: string, shard: number) {
  return inventoryShardsCollection().doc(`${key}.${shard}`);
}

/** A product's stock from its own document and its shards' (`shards`: shard -> document data). */
function productStock(
  own: DocumentData | undefined,
  shards: (shard: number) => DocumentData | undefined,
): ProductStock {
  const count = shardCountOf(own);
  return {
    shards: Array.from({ length: count }, (_, shard) =>
      shard === 0 ? (stockFromDocument(own) ?? 0) : (stockFromDocument(shards(shard)) ?? 0),
    ),
    availableForSale: flag(own?.availableForSale),
    showInStore: flag(own?.showInStore),
    own,
  };
}

/** The shard stocks an admin's `stock` is written as: one, or STOCK_SHARDS nearly equal parts. */
export function distribute(stock: number): number[] {
  if (stock < SHARDED_STOCK_FROM) return [stock];
  return Array.from(
    { length: STOCK_SHARDS },
    (_, shard) => Math.floor(stock / STOCK_SHARDS) + (shard < stock % STOCK_SHARDS ? 1 : 0),
  );
}

// ---------------------------------------------------------------------------------------------
// What this process knows: a listener on each of the two collections (lib/firebase/live-query.ts).

type Documents = ReadonlyMap<string, DocumentData>;
const documents = (snapshot: { docs: { id: string; data: () => DocumentData }[] }): Documents =>
  new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));

let combined: { own: Documents; shards: Documents; view: StockView } | null = null;

/**
 * Every product's stock documents as this process's listeners last saw them, or null while they
 * are not live (the caller reads Firestore). A change reaches it within moments of its commit.
 */
export function stockView(): StockView | null {
  const own = liveQuery({
    name: 'inventory',
    path: inventoryCollection().path,
    query: () => inventoryCollection(),
    reshape: documents,
  });
  const shards = liveQuery({
    name: 'inventory-shards',
    path: inventoryShardsCollection().path,
    query: () => inventoryShardsCollection(),
    reshape: documents,
  });
  if (!own || !shards) return null;
  if (combined?.own !== own || combined.shards !== shards) {
    const view = new Map<string, ProductStock>();
    for (const [key, data] of own) {
      view.set(
        key,
        productStock(data, (shard) => shards.get(`${key}.${shard}`)),
      );
    }
    combined = { own, shards, view };
  }
  return combined.view;
}

/**
 * Records in this process's view the shards a transaction of this process read, as it left them
 * (`committed`: less what it took), so the orders queued behind it know at once; the listeners'
 * own snapshot follows within moments and replaces it.
 */
export function noteStockRead(takes: readonly StockTake[], committed: boolean): void {
  const view = combined?.view as Map<string, ProductStock> | undefined;
  if (!view) return;
  for (const { key, from, read } of takes) {
    const stock = view.get(key);
    if (!stock) continue;
    const shards = [...stock.shards];
    for (const { shard, stock: units } of read) {
      const taken = committed ? (from.find((entry) => entry.shard === shard)?.take ?? 0) : 0;
      if (shard < shards.length) shards[shard] = units - taken;
    }
    view.set(key, { ...stock, shards });
  }
}

/** The stock documents of `keys`, read now (the product documents, then the shards of those split). */
export async function readProductStocks(
  keys: readonly string[],
): Promise<Map<string, ProductStock>> {
  const unique = [...new Set(keys)];
  const result = new Map<string, ProductStock>();
  if (unique.length === 0) return result;
  const own = await getAdminDb().getAll(...unique.map((key) => inventoryCollection().doc(key)));
  const shardRefs = unique.flatMap((key, index) =>
    Array.from({ length: shardCountOf(own[index]?.data()) - 1 }, (_, n) => shardRef(key, n + 1)),
  );
  const shards = shardRefs.length ? await getAdminDb().getAll(...shardRefs) : [];
  const shardData = new Map(shards.map((snapshot) => [snapshot.id, snapshot.data()]));
  unique.forEach((key, index) => {
    if (!own[index]?.exists) return;
    result.set(
      key,
      productStock(own[index]?.data(), (shard) => shardData.get(`${key}.${shard}`)),
    );
  });
  return result;
}

/** Every product's stock documents, read now (both collections whole). */
export async function readAllProductStocks(): Promise<Map<string, ProductStock>> {
  const [own, shards] = await Promise.all([
    inventoryCollection().get(),
    inventoryShardsCollection().get(),
  ]);
  const shardData = documents(shards);
  return new Map(
    own.docs.map((doc) => [
      doc.id,
      productStock(doc.data(), (shard) => shardData.get(`${doc.id}.${shard}`)),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// An order's take, inside its transaction.

/**
 * The shards an order line should take from as `view` has them, shard 0 last: what the order waits
 * its turn for (lib/orders/product-turns.ts) and reads first in its transaction. Any shard that
 * holds the whole quantity will do, and one of those is picked at random: orders placed at the
 * same moment then spread over the shards, where the fullest alone would have them all wait for
 * one. Without such a shard, the fullest first.
 */
export function preferredShards(view: StockView | null, key: string, quantity: number): number[] {
  const stock = view?.get(key);
  if (!stock || stock.shards.length === 1) return [0];
  const order = stock.shards
    .map((units, shard) => ({ shard, units, draw: Math.random() }))
    .filter(({ shard }) => shard > 0)
    .sort((a, b) => {
      const enoughA = a.units >= quantity;
      const enoughB = b.units >= quantity;
      if (enoughA !== enoughB) return enoughA ? -1 : 1;
      return (enoughA ? 0 : b.units - a.units) || a.draw - b.draw;
    });
  const chosen: number[] = [];
  let covered = 0;
  for (const { shard, units } of order) {
    if (covered >= quantity) break;
    chosen.push(shard);
    covered += units;
  }
  return covered >= quantity ? chosen : [...chosen, 0];
}

/** What one line will take, as read in the transaction. */
export type StockTake = {
  key: string;
  quantity: number;
  /** Its product's own document's flags. */
  availableForSale: boolean | undefined;
  showInStore: boolean | undefined;
  /** Units found: all of the product's when `short` (every shard was read), else at least `quantity`. */
  available: number;
  short: boolean;
  /** The units taken from each shard, with the stock read there. */
  from: { shard: number; stock: number; take: number }[];
  /** Every shard read, with its units then. */
  read: { shard: number; stock: number }[];
};

/**
 * Where each line's units come from, read in an order's transaction (reads only): `refs` to read
 * first (each product's own document with the shards `preferred` names, see preferredShards),
 * batched with the transaction's other reads; then `finish` with their snapshots, which reads
 * every other shard of a line only when those hold too few: a line is short only when all its
 * shards were read. Reads outside the transaction would oversell; lib/inventory/stock-race.test.ts
 * catches that.
 */
export function stockTakeReads(
  lines: readonly { key: string; quantity: number; preferred: readonly number[] }[],
): {
  refs: DocumentReference[];
  finish: (
    transaction: Transaction,
    snapshots: readonly DocumentSnapshot[],
  ) => Promise<StockTake[]>;
} {
  const wanted = lines.map(({ preferred }) => preferred.filter((shard) => shard > 0));
  return {
    refs: lines.flatMap(({ key }, index) => [
      inventoryCollection().doc(key),
      ...wanted[index]!.map((shard) => shardRef(key, shard)),
    ]),
    finish: async (transaction, first) => {
      const seen = lines.map(() => new Map<number, number>());
      let cursor = 0;
      const own = lines.map((_, index) => {
        const data = first[cursor]?.data();
        cursor += 1;
        const count = shardCountOf(data);
        seen[index]!.set(0, stockFromDocument(data) ?? 0);
        for (const shard of wanted[index]!) {
          const units = stockFromDocument(first[cursor]?.data()) ?? 0;
          cursor += 1;
          if (shard < count) seen[index]!.set(shard, units);
        }
        return { data, count };
      });
      const sum = (index: number) => [...seen[index]!.values()].reduce((a, b) => a + b, 0);
      // Too few units in the shards read: the rest of those lines' shards, in one more read.
      const missing = lines.flatMap(({ key, quantity }, index) =>
        sum(index) >= quantity
          ? []
          : Array.from({ length: own[index]!.count }, (_, shard) => shard)
              .filter((shard) => !seen[index]!.has(shard))
              .map((shard) => ({ index, shard, ref: shardRef(key, shard) })),
      );
      if (missing.length > 0) {
        const more = await transaction.getAll(...missing.map(({ ref }) => ref));
        missing.forEach(({ index, shard }, i) => {
          seen[index]!.set(shard, stockFromDocument(more[i]?.data()) ?? 0);
        });
      }
      return lines.map(({ key, quantity }, index) => {
        const units = seen[index]!;
        const available = sum(index);
        const from: StockTake['from'] = [];
        let left = quantity;
        // The preferred shards first, in their order, then any other read, shard 0 last.
        for (const shard of new Set([...wanted[index]!, ...units.keys(), 0])) {
          const stock = units.get(shard);
          if (left === 0 || stock === undefined || stock === 0) continue;
          const take = Math.min(stock, left);
          from.push({ shard, stock, take });
          left -= take;
        }
        return {
          key,
          quantity,
          availableForSale: flag(own[index]!.data?.availableForSale),
          showInStore: flag(own[index]!.data?.showInStore),
          available,
          short: available < quantity,
          from: available < quantity ? [] : from,
          read: [...units].map(([shard, stock]) => ({ shard, stock })),
        };
      });
    },
  };
}

/** Inside `transaction` (reads only): stockTakeReads's reads, on their own. */
export async function readStockTakes(
  transaction: Transaction,
  lines: readonly { key: string; quantity: number; preferred: readonly number[] }[],
): Promise<StockTake[]> {
  if (lines.length === 0) return [];
  const reads = stockTakeReads(lines);
  return reads.finish(transaction, await transaction.getAll(...reads.refs));
}

/** Inside `transaction`: takes what readStockTakes planned (absolute writes: a change aborts it). */
export function writeStockTakes(transaction: Transaction, takes: readonly StockTake[]): void {
  for (const { key, from } of takes) {
    for (const { shard, stock, take } of from) {
      const ref = shard === 0 ? inventoryCollection().doc(key) : shardRef(key, shard);
      transaction.update(ref, { stock: stock - take });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// An admin's write, inside the stock page's transaction.

/** Inside `transaction` (reads): the stock documents of `keys`, whole. */
export async function readStocksForWrite(
  transaction: Transaction,
  keys: readonly string[],
): Promise<{ data: DocumentData | undefined; stock: ProductStock }[]> {
  const own = await transaction.getAll(...keys.map((key) => inventoryCollection().doc(key)));
  const shardRefs = keys.flatMap((key, index) =>
    Array.from({ length: shardCountOf(own[index]?.data()) - 1 }, (_, n) => shardRef(key, n + 1)),
  );
  const shards = shardRefs.length ? await transaction.getAll(...shardRefs) : [];
  const shardData = new Map(shards.map((snapshot) => [snapshot.id, snapshot.data()]));
  return keys.map((key, index) => {
    const data = own[index]?.exists ? own[index]?.data() : undefined;
    return { data, stock: productStock(data, (shard) => shardData.get(`${key}.${shard}`)) };
  });
}

/**
 * Inside `transaction`: sets product `key`'s stock to `stock` (spread as distribute() says) with
 * `fields` merged into its own document; `before` is what readStocksForWrite found.
 */
export function writeStock(
  transaction: Transaction,
  key: string,
  stock: number,
  before: ProductStock,
  fields: DocumentData,
): void {
  const parts = distribute(stock);
  transaction.set(
    inventoryCollection().doc(key),
    {
      ...fields,
      stock: parts[0],
      stockShards: parts.length > 1 ? parts.length : FieldValue.delete(),
    },
    { merge: true },
  );
  for (let shard = 1; shard < Math.max(parts.length, before.shards.length); shard += 1) {
    if (shard < parts.length) {
      transaction.set(shardRef(key, shard), { product: key, stock: parts[shard] });
    } else {
      transaction.delete(shardRef(key, shard));
    }
  }
}

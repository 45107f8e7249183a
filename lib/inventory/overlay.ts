// The inventory overlay, pure: what Firestore's `inventory/{key}` documents say over the
// catalogue's records. Shared by the storefront pages, the control panel and their tests.
import { defaultLiveState, toProduct, type LiveState } from '@/lib/catalogue/product';
import type { Product, ProductRecord } from '@/lib/catalogue/types';

/** Stock bounds an admin may set (the checkout also caps one line at 10 units). */
export const STOCK_LIMITS = Object.freeze({ min: 0, max: 999 });

/** One product's live state: stock and the three storefront flags. */
export type InventoryEntry = LiveState;

/** Product key -> its live state, for every catalogue product. */
export type InventoryOverlay = Record<string, InventoryEntry>;

export const INVENTORY_FLAGS = ['availableForSale', 'showInStore', 'isPromoted'] as const;
export type InventoryFlag = (typeof INVENTORY_FLAGS)[number];

/** The records' own state: what the shop shows when no inventory can be read (the build). */
export function catalogueDefaults(records: readonly ProductRecord[]): InventoryOverlay {
  const overlay: InventoryOverlay = {};
  for (const record of records) overlay[record.key] = defaultLiveState(record);
  return overlay;
}

/**
 * The one reading of an inventory document's stock: a non-negative integer, or null when the
 * document is missing or holds no integer stock (which every reader treats as none left).
 */
export function stockFromDocument(data: Record<string, unknown> | undefined): number | null {
  const stock = data?.stock;
  return typeof stock === 'number' && Number.isInteger(stock) ? Math.max(0, stock) : null;
}

/**
 * One product's entry from its stored inventory document (undefined when there is none). Flags
 * the document does not hold as booleans keep the record's default (for sale, in the shop, the
 * record's isPromoted). The stock is read as the checkout reads it: a missing or non-integer
 * stock is 0, so the storefront never offers what the checkout would refuse.
 */
export function entryFromDocument(
  record: Pick<ProductRecord, 'isPromoted'>,
  data: Record<string, unknown> | undefined,
) {
  const entry: InventoryEntry = {
    ...defaultLiveState(record),
    stock: stockFromDocument(data) ?? 0,
  };
  for (const flag of INVENTORY_FLAGS) {
    const value = data?.[flag];
    if (typeof value === 'boolean') entry[flag] = value;
  }
  return entry;
}

/** Every record as the storefront shows it, with its live state, in the records' order. */
export function productsWithInventory(
  overlay: InventoryOverlay,
  records: readonly ProductRecord[],
): Product[] {
  return records.map((record) => toProduct(record, overlay[record.key]));
}

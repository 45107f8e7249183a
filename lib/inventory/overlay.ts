// The inventory overlay, pure: what Firestore's `inventory/{key}` documents say over the static
// catalogue. Shared by the storefront pages, the control panel and their tests.
import { products as catalogueProducts } from '@/lib/catalogue';
import type { Product } from '@/lib/catalogue/types';

/** Stock bounds an admin may set (the checkout also caps one line at 10 units). */
export const STOCK_LIMITS = Object.freeze({ min: 0, max: 999 });

/** One product's live state: stock and the three storefront flags. */
export type InventoryEntry = {
  stock: number;
  availableForSale: boolean;
  showInStore: boolean;
  isPromoted: boolean;
};

/** Product key -> its live state, for every catalogue product. */
export type InventoryOverlay = Record<string, InventoryEntry>;

export const INVENTORY_FLAGS = ['availableForSale', 'showInStore', 'isPromoted'] as const;
export type InventoryFlag = (typeof INVENTORY_FLAGS)[number];

/** The catalogue's own values: what the shop shows when no inventory can be read (the build). */
export function catalogueDefaults(products: readonly Product[] = catalogueProducts) {
  const overlay: InventoryOverlay = {};
  for (const product of products) {
    overlay[product.key] = {
      stock: product.stockQtty,
      availableForSale: product.availableForSale,
      showInStore: product.showInStore,
      isPromoted: product.isPromoted,
    };
  }
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
 * the document does not hold as booleans keep the catalogue's value. The stock is read as the
 * checkout reads it: a missing or non-integer stock is 0, so the storefront never offers what
 * the checkout would refuse.
 */
export function entryFromDocument(product: Product, data: Record<string, unknown> | undefined) {
  const entry: InventoryEntry = {
    stock: stockFromDocument(data) ?? 0,
    availableForSale: product.availableForSale,
    showInStore: product.showInStore,
    isPromoted: product.isPromoted,
  };
  for (const flag of INVENTORY_FLAGS) {
    const value = data?.[flag];
    if (typeof value === 'boolean') entry[flag] = value;
  }
  return entry;
}

/** The product as the storefront shows it: the catalogue with the live flags and stock. */
export function applyInventory(product: Product, entry: InventoryEntry | undefined): Product {
  if (!entry) return product;
  return {
    ...product,
    stockQtty: entry.stock,
    availableForSale: entry.availableForSale,
    showInStore: entry.showInStore,
    isPromoted: entry.isPromoted,
  };
}

/** Every catalogue product with its live state, in catalogue order. */
export function productsWithInventory(
  overlay: InventoryOverlay,
  products: readonly Product[] = catalogueProducts,
): Product[] {
  return products.map((product) => applyInventory(product, overlay[product.key]));
}

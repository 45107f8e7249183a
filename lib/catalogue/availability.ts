import type { Product } from './types';

export type Availability = 'in-stock' | 'low-stock' | 'out-of-stock' | 'unavailable';

/** Stock at or below this many units is shown as "last units". */
export const LOW_STOCK_THRESHOLD = 3;

/** One reading of a product's availability, from its sale flag and stock. */
export function getAvailability(
  product: Pick<Product, 'availableForSale'>,
  stock: number,
): Availability {
  if (!product.availableForSale) return 'unavailable';
  if (stock <= 0) return 'out-of-stock';
  if (stock <= LOW_STOCK_THRESHOLD) return 'low-stock';
  return 'in-stock';
}

export const schemaOrgAvailability: Record<Availability, string> = {
  'in-stock': 'https://schema.org/InStock',
  'low-stock': 'https://schema.org/LimitedAvailability',
  'out-of-stock': 'https://schema.org/OutOfStock',
  unavailable: 'https://schema.org/OutOfStock',
};

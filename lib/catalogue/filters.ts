import type { Product } from './types';

/** The products section's filters: every product, or the organic line only. */
export const PRODUCT_FILTERS = ['all', 'organic'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

export function isProductFilter(value: unknown): value is ProductFilter {
  return (PRODUCT_FILTERS as readonly unknown[]).includes(value);
}

/** The products `filter` keeps, in their order. */
export function filterProducts<T extends Pick<Product, 'isOrganic'>>(
  products: readonly T[],
  filter: ProductFilter,
): T[] {
  return filter === 'organic' ? products.filter((product) => product.isOrganic) : [...products];
}

/**
 * The attribute of a link that also sets the products section's filter to its value
 * (components/catalogue/product-filter.tsx), e.g. the organic section's link to its products.
 */
export const PRODUCT_FILTER_LINK = 'data-product-filter-link';

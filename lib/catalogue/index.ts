import { categories, easterTypes } from './categories';
import { products } from './products';
import type { Product } from './types';

export type * from './types';
export { formatPrice } from './format';
export { categories, easterTypes, products };

export const productKeys: string[] = products.map((product) => product.key);

export function getProduct(key: string): Product | undefined {
  return products.find((product) => product.key === key);
}

// The specification's 17 products: what a new shop's catalogue starts with (the local Firebase's
// seed and `npm run setup:firebase` write seed-products.json when the shop has no products), and
// what `next build` prerenders from when it cannot reach Firestore. Not the catalogue itself:
// that is products/{key} in Firestore (lib/catalogue/repository.ts).
import seed from './seed-products.json';
import { toProduct } from './product';
import { parseProductRecord } from './record';
import type { Product, ProductRecord } from './types';

/** The seed's stored fields: everything a product record has but the bookkeeping. */
export const SEED_RECORDS: readonly ProductRecord[] = seed.map((entry) => {
  const record = parseProductRecord({ ...entry, photos: [], archived: false, formerKeys: [] });
  if (!record) throw new Error(`lib/catalogue/seed-products.json: ${entry.key} is not a product`);
  return record;
});

/** The seed as the storefront would show it in a new shop (10 units each, for sale). */
export const seedProducts: readonly Product[] = SEED_RECORDS.map((record) => toProduct(record));

export const SEED_PRODUCT_KEYS: readonly string[] = SEED_RECORDS.map((record) => record.key);

export function getSeedProduct(key: string): Product | undefined {
  return seedProducts.find((product) => product.key === key);
}

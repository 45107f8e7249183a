// A product record turned into what the storefront shows, and the rules of keys and kinds. Pure
// and without zod, so the browser may import it (the stock page's overlay does); the stored
// record's schema is ./record.ts.
import { categories } from './categories';
import { photoUrl, PHOTO_SIZE, PLACEHOLDER_DRAWING } from './pictures';
import type {
  CategoryKey,
  Localized,
  Product,
  ProductImage,
  ProductRecord,
  ProductTypeKey,
} from './types';

/** A product key: the pt-BR name in lower case without accents, words joined by '-'. */
export const PRODUCT_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PRODUCT_KEY_MAX_LENGTH = 80;

/** The category `type` belongs to. */
export function categoryOfType(type: ProductTypeKey): CategoryKey {
  return categories.find((category) => category.types.some((t) => t.key === type))!.key;
}

/** The pictures a product shows: its photos, else its drawings, else the shop's placeholder. */
export function productImages(
  record: Pick<ProductRecord, 'photos' | 'drawings' | 'title'>,
): ProductImage[] {
  if (record.photos.length > 0) {
    return record.photos.map((photo) => ({
      src: photoUrl(photo.path),
      alt: photo.alt,
      width: photo.width,
      height: photo.height,
      kind: 'photo',
    }));
  }
  const drawings: { src: string; alt: Localized }[] =
    record.drawings.length > 0
      ? record.drawings
      : [{ src: PLACEHOLDER_DRAWING, alt: record.title }];
  return drawings.map((drawing) => ({
    src: drawing.src,
    alt: drawing.alt,
    width: PHOTO_SIZE,
    height: PHOTO_SIZE,
    kind: 'drawing',
  }));
}

/** The product page's path. */
export function productPageLink(key: string): string {
  return `/chocolates/${key}`;
}

/** The live state the storefront lays over a record (inventory/{key}, lib/inventory). */
export type LiveState = {
  stock: number;
  availableForSale: boolean;
  showInStore: boolean;
  isPromoted: boolean;
};

/** The record's state when no inventory is known: for sale, in the shop, the seed's 10 units. */
export function defaultLiveState(record: Pick<ProductRecord, 'isPromoted'>): LiveState {
  return { stock: 10, availableForSale: true, showInStore: true, isPromoted: record.isPromoted };
}

/** The product as the storefront shows it: the record with its pictures and `live` state. */
export function toProduct(
  record: ProductRecord,
  live: LiveState = defaultLiveState(record),
): Product {
  return {
    key: record.key,
    type: record.type,
    category: record.category,
    title: record.title,
    subtitle: record.subtitle,
    description: record.description,
    price: record.price,
    weight: record.weight,
    ingredients: record.ingredients,
    allergens: record.allergens,
    isOrganic: record.isOrganic,
    isPromoted: live.isPromoted,
    availableForSale: live.availableForSale,
    showInStore: live.showInStore,
    stockQtty: live.stock,
    imgSrc: productImages(record),
    pageLink: productPageLink(record.key),
  };
}

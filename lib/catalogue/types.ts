import type { AppLocale } from '@/lib/i18n/locales';

import type { AllergenKey } from './allergens';

export type { AllergenKey } from './allergens';

export type Locale = AppLocale;

export type Localized<T = string> = Record<Locale, T>;

export type CategoryKey = 'pascoa' | 'classicos';

export type ProductTypeKey = 'ovos-trufados' | 'ovos-com-lascas' | 'mini-ovos' | 'barras';

export type ProductType = { key: ProductTypeKey; name: Localized };

export type Category = { key: CategoryKey; name: Localized; types: ProductType[] };

export type Ingredient = { name: Localized; description: Localized<string[]> };

/** A picture as the pages show it: an uploaded photo or, for a product without one, a drawing. */
export type ProductImage = {
  src: string;
  alt: Localized;
  width: number;
  height: number;
  /** Photos go through next/image (AVIF/WebP); drawings are SVGs served as they are. */
  kind: 'photo' | 'drawing';
};

/** An uploaded photo as stored with its product (lib/media): its object, size and alt texts. */
export type StoredPhoto = {
  /** The object's path in the bucket, named by its content (lib/media/images.ts). */
  path: string;
  width: number;
  height: number;
  alt: Localized;
};

/** A drawing of the seed's products (scripts/generate-artwork.mjs): a path under public/. */
export type Drawing = { src: string; alt: Localized };

/**
 * A product as stored (products/{key}, lib/catalogue/repository.ts) and as the panel edits it:
 * its texts, price, weight, kind and pictures. Stock and the storefront flags live in
 * inventory/{key} (lib/inventory); `isPromoted` here is only the default a new product starts
 * with there.
 */
export type ProductRecord = {
  key: string;
  /** Order in the shop (the seed's order; a new product goes last). */
  position: number;
  category: CategoryKey;
  type: ProductTypeKey;
  /** The name. */
  title: Localized;
  /** The short description. */
  subtitle: Localized;
  /** The long description, in paragraphs. */
  description: Localized<string[]>;
  /** Integer centavos (8990 is R$ 89,90; lib/catalogue/format.ts). */
  price: number;
  weight: string;
  ingredients: Ingredient[];
  /** ANVISA allergen statements, in the order chosen (lib/catalogue/allergens.ts). */
  allergens: AllergenKey[];
  isOrganic: boolean;
  isPromoted: boolean;
  /** Up to MAX_PHOTOS, the first is the main one. */
  photos: StoredPhoto[];
  /** Shown while the product has no photo. */
  drawings: Drawing[];
  /** Out of the shop for good (a product with orders is archived, never deleted). */
  archived: boolean;
  /** Keys it had before a rename: their URLs lead to it. */
  formerKeys: string[];
  /** It has been ordered: its key no longer changes and it cannot be deleted. */
  ordered: boolean;
};

/** A product as the storefront shows it: its record with its pictures and live state. */
export type Product = {
  isPromoted: boolean;
  /** Part of the organic line (its own landing section, a badge and the products filter). */
  isOrganic: boolean;
  availableForSale: boolean;
  showInStore: boolean;
  stockQtty: number;
  key: string;
  type: ProductTypeKey;
  category: CategoryKey;
  title: Localized;
  subtitle: Localized;
  description: Localized<string[]>;
  /** Integer centavos (8990 is R$ 89,90; lib/catalogue/format.ts). */
  price: number;
  weight: string;
  ingredients: Ingredient[];
  allergens: AllergenKey[];
  /** The photos, or the drawings of a product without one; never empty. */
  imgSrc: ProductImage[];
  pageLink: string;
};

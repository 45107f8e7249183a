import type { AppLocale } from '@/lib/i18n/locales';

export type Locale = AppLocale;

export type Localized<T = string> = Record<Locale, T>;

export type CategoryKey = 'pascoa' | 'classicos';

export type ProductTypeKey = 'ovos-trufados' | 'ovos-com-lascas' | 'mini-ovos' | 'barras';

export type ProductType = { key: ProductTypeKey; name: Localized };

export type Category = { key: CategoryKey; name: Localized; types: ProductType[] };

export type Ingredient = { key: string; name: Localized; description: Localized<string[]> };

export type ProductImage = { src: string; alt: Localized; width: number; height: number };

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
  imgSrc: ProductImage[];
  pageLink: string;
};

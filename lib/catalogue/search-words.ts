import { locales } from '@/lib/i18n/locales';
import { categories } from './categories';
import type { ProductSearchWords, SearchWords } from './search';
import type { Product } from './types';

/** Where the menu's search reads the products' words in every language and the featured ones. */
export const CATALOGUE_SEARCH_PATH = '/api/catalogue/search';

/** What GET /api/catalogue/search answers. */
export type CatalogueSearchData = {
  words: SearchWords;
  /** The shop's featured products ('Destaque'), shown by a search that found nothing. */
  featured: string[];
};

/** One product's titles, and its subtitle, category and type, in every language of the shop. */
export function productSearchWords(product: Product): ProductSearchWords {
  const category = categories.find((candidate) => candidate.key === product.category);
  const type = category?.types.find((candidate) => candidate.key === product.type);
  return {
    names: locales.map((locale) => product.title[locale]),
    words: locales.flatMap((locale) => [
      product.subtitle[locale],
      category?.name[locale] ?? '',
      type?.name[locale] ?? '',
    ]),
  };
}

/** The search data of the products shown in the shop (`showInStore`). */
export function catalogueSearchData(products: readonly Product[]): CatalogueSearchData {
  const shown = products.filter((product) => product.showInStore);
  return {
    words: Object.fromEntries(shown.map((product) => [product.key, productSearchWords(product)])),
    featured: shown.filter((product) => product.isPromoted).map((product) => product.key),
  };
}

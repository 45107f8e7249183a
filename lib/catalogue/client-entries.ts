import { getAvailability } from './availability';
import { categories } from './categories';
import type { Locale, Product } from './types';

/**
 * What the browser needs to know about one product, in one language: enough for the cart, the
 * checkout summary and the menu search, without shipping the whole bilingual catalogue to the
 * client.
 */
export type CatalogueEntry = {
  key: string;
  title: string;
  subtitle: string;
  categoryName: string;
  typeName: string;
  price: number;
  /** The thumbnail of the list and the search (decorative there: the name beside it says it). */
  image: { src: string };
  pageLink: string;
  /** False when the product is not for sale or out of stock: it cannot be added to the cart. */
  purchasable: boolean;
};

/** Each of `products` as a client entry in `locale`, in their order. */
export function catalogueEntries(products: readonly Product[], locale: Locale): CatalogueEntry[] {
  return products.map((product) => {
    const category = categories.find((candidate) => candidate.key === product.category);
    const type = category?.types.find((candidate) => candidate.key === product.type);
    const image = product.imgSrc[0];
    const availability = getAvailability(product, product.stockQtty);
    return {
      key: product.key,
      title: product.title[locale],
      subtitle: product.subtitle[locale],
      categoryName: category?.name[locale] ?? '',
      typeName: type?.name[locale] ?? '',
      price: product.price,
      image: { src: image?.src ?? '' },
      pageLink: product.pageLink,
      purchasable: availability === 'in-stock' || availability === 'low-stock',
    };
  });
}

import 'server-only';

import { productImages } from '@/lib/catalogue/product';
import { listAllProductRecords } from '@/lib/catalogue/repository';
import { normalizeForSearch } from '@/lib/catalogue/search';
import type { AppLocale } from '@/lib/i18n/locales';
import { getInventoryOverlay } from '@/lib/inventory/repository';

// The panel's list of products: every record with its live stock and flags, searched by name or
// key in either language and filtered as the admin asks (the URL's `q` and `filtro`).

export const PRODUCT_LIST_FILTERS = [
  'all',
  'on-sale',
  'hidden',
  'sold-out',
  'organic',
  'archived',
] as const;
export type ProductListFilter = (typeof PRODUCT_LIST_FILTERS)[number];

export type ProductListRow = {
  key: string;
  title: string;
  price: number;
  stock: number;
  availableForSale: boolean;
  showInStore: boolean;
  isPromoted: boolean;
  isOrganic: boolean;
  archived: boolean;
  image: { src: string; kind: 'photo' | 'drawing' };
};

/** The rows `filter` keeps and `q` finds (every word, accents and case ignored), in shop order. */
export async function panelProducts(
  locale: AppLocale,
  { q, filter }: { q: string; filter: ProductListFilter },
): Promise<ProductListRow[]> {
  const records = await listAllProductRecords();
  const overlay = await getInventoryOverlay(records);
  const terms = normalizeForSearch(q).split(/\s+/).filter(Boolean);
  return records.flatMap((record): ProductListRow[] => {
    const live = overlay[record.key]!;
    const kept = {
      all: !record.archived,
      'on-sale': !record.archived && live.availableForSale && live.showInStore && live.stock > 0,
      hidden: !record.archived && !live.showInStore,
      'sold-out': !record.archived && live.stock === 0,
      organic: !record.archived && record.isOrganic,
      archived: record.archived,
    }[filter];
    if (!kept) return [];
    const text = normalizeForSearch([record.key, record.title['pt-BR'], record.title.en].join(' '));
    if (!terms.every((term) => text.includes(term))) return [];
    const [image] = productImages(record);
    return [
      {
        key: record.key,
        title: record.title[locale],
        price: record.price,
        stock: live.stock,
        availableForSale: live.availableForSale,
        showInStore: live.showInStore,
        isPromoted: live.isPromoted,
        isOrganic: record.isOrganic,
        archived: record.archived,
        image: { src: image!.src, kind: image!.kind },
      },
    ];
  });
}

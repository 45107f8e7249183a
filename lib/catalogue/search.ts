import type { CatalogueEntry } from './client-entries';

/** Lower case without accents, so 'pascoa' finds 'Páscoa' and 'PARANA' finds 'Paraná'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

type Searchable = Pick<CatalogueEntry, 'title' | 'subtitle' | 'categoryName' | 'typeName'>;

/**
 * The entries whose title, subtitle, category or type contain every word of `query` (accents and
 * case ignored); title matches first, otherwise in catalogue order. An empty query finds nothing.
 */
export function searchCatalogue<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const scored = entries.flatMap((entry, index) => {
    const title = normalizeForSearch(entry.title);
    const text = [title, entry.subtitle, entry.categoryName, entry.typeName]
      .map(normalizeForSearch)
      .join(' ');
    if (!terms.every((term) => text.includes(term))) return [];
    const inTitle = terms.filter((term) => title.includes(term)).length;
    return [{ entry, index, inTitle }];
  });
  return scored
    .sort((a, b) => b.inTitle - a.inTitle || a.index - b.index)
    .map(({ entry }) => entry);
}

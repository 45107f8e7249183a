import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import { normalizeForSearch } from '@/lib/text/normalize';
import type { CatalogueEntry } from './client-entries';

export { normalizeForSearch };

/**
 * The words a product is known by in every language of the shop (titles, subtitles, category and
 * type names), by product key: a shopper on /en who types 'ovo' or 'amargo' finds the eggs and the
 * dark bar, one on /pt-BR who types 'egg' or 'dark' too (GET /api/catalogue/search).
 */
export type SearchWords = Readonly<Record<string, ProductSearchWords | undefined>>;

/** One product's titles in every language (`names`), and its other texts in every language. */
export type ProductSearchWords = { names: readonly string[]; words: readonly string[] };

type Searchable = Pick<CatalogueEntry, 'key' | 'title' | 'subtitle' | 'categoryName' | 'typeName'>;

/** The entries that match `query`, best first; nothing for an empty query. */
export type CatalogueSearch<T> = (query: string) => T[];

// Words that join others ('Ovo Cookies com Nutella', 'chocolate de leite'): a query holding one
// must not fail on a product whose texts happen to lack it, since every word is required.
const JOINING_WORDS = new Set(
  [
    'a',
    'o',
    'e',
    'as',
    'os',
    'de',
    'da',
    'do',
    'das',
    'dos',
    'com',
    'em',
    'no',
    'na',
    'para',
  ].concat(['the', 'and', 'of', 'with', 'in', 'for', 'an']),
);

/** A word of the index or the query as compared: accents and case gone, joining words dropped. */
function processTerm(term: string): string | null {
  const normalized = normalizeForSearch(term);
  return normalized === '' || JOINING_WORDS.has(normalized) ? null : normalized;
}

/**
 * Typos a word may have and still match: none under 5 letters ('ovo' with one would find 'ova',
 * 'rio' 'rir'), one from 5 ('nutela'), two from 7 ('pistaxe' for 'pistache').
 */
export function typosAllowed(term: string): number {
  if (term.length >= 7) return 2;
  return term.length >= 5 ? 1 : 0;
}

const SEARCH_OPTIONS: SearchOptions = {
  // Every word must match somewhere: 'tropical parana' narrows, it does not widen.
  combineWith: 'AND',
  // The start of a word finds it ('pist', 'chocolat'); a fuzzy or prefix match counts less than
  // the word itself, so exact matches rank first.
  prefix: (term) => term.length >= 2,
  fuzzy: (term) => typosAllowed(term),
  maxFuzzy: 2,
  // The page's own title first, then the product's names in either language, then the rest.
  boost: { title: 4, names: 2.5, subtitle: 1.5, words: 1 },
};

/**
 * Builds the search over `entries` (the catalogue in the page's language, in catalogue order),
 * with `words` adding each product's names in the shop's other language. MiniSearch
 * (lib/catalogue/search.ts's only dependency, loaded with the menu's search, never in a page's
 * first load) ranks with BM25 over the fields, per-word typos and prefixes; equal scores keep
 * catalogue order.
 */
export function createCatalogueSearch<T extends Searchable>(
  Engine: typeof MiniSearch,
  entries: readonly T[],
  words: SearchWords = {},
): CatalogueSearch<T> {
  const engine = new Engine<{
    id: number;
    title: string;
    names: string;
    subtitle: string;
    words: string;
  }>({
    fields: ['title', 'names', 'subtitle', 'words'],
    processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  engine.addAll(
    entries.map((entry, index) => ({
      id: index,
      title: entry.title,
      names: words[entry.key]?.names.join(' ') ?? '',
      subtitle: entry.subtitle,
      words: [entry.categoryName, entry.typeName, ...(words[entry.key]?.words ?? [])].join(' '),
    })),
  );
  return (query) => {
    if (normalizeForSearch(query) === '') return [];
    return engine
      .search(query)
      .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number))
      .flatMap((result) => {
        const entry = entries[result.id as number];
        return entry ? [entry] : [];
      });
  };
}

/**
 * Loads MiniSearch (its own chunk, fetched when the menu's search first mounts) and builds the
 * search over `entries` with `words`.
 */
export async function loadCatalogueSearch<T extends Searchable>(
  entries: readonly T[],
  words: SearchWords = {},
): Promise<CatalogueSearch<T>> {
  const { default: Engine } = await import('minisearch');
  return createCatalogueSearch(Engine, entries, words);
}

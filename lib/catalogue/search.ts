import type { CatalogueEntry } from './client-entries';

/** Lower case without accents, so 'pascoa' finds 'Páscoa' and 'PARANA' finds 'Paraná'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

type Searchable = Pick<CatalogueEntry, 'title' | 'subtitle' | 'categoryName' | 'typeName'>;

/** Words shorter than this must be found as typed: one typo in 'ovo' would match too much. */
export const MIN_TYPO_TERM_LENGTH = 5;

/**
 * Whether `term` occurs in `text` with at most one typo: a letter missing, extra, wrong, or two
 * neighbours swapped ('nutela' in 'nutella', 'pistahce' in 'pistache'). The smallest edit
 * distance between `term` and any part of `text` (Sellers' algorithm, with swaps), in O(|term| x
 * |text|); both already normalized.
 */
export function containsWithOneTypo(text: string, term: string): boolean {
  if (text.includes(term)) return true;
  if (term.length < MIN_TYPO_TERM_LENGTH) return false;
  const width = text.length + 1;
  // Rows i-2, i-1 and i of the table: distance of term[0..i) to the best part of text ending at j.
  let before = new Array<number>(width).fill(0);
  let previous = new Array<number>(width).fill(0);
  for (let i = 1; i <= term.length; i += 1) {
    const row = new Array<number>(width);
    row[0] = i;
    for (let j = 1; j < width; j += 1) {
      const cost = term[i - 1] === text[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && term[i - 1] === text[j - 2] && term[i - 2] === text[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      row[j] = best;
    }
    before = previous;
    previous = row;
  }
  return previous.some((distance) => distance <= 1);
}

/**
 * The entries whose title, subtitle, category or type contain every word of `query` (accents and
 * case ignored; words of 5 letters or more may have one typo); entries with more words found as
 * typed first, then with more words in the title, otherwise in catalogue order. An empty query
 * finds nothing.
 */
export function searchCatalogue<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const scored = entries.flatMap((entry, index) => {
    const title = normalizeForSearch(entry.title);
    const text = [title, entry.subtitle, entry.categoryName, entry.typeName]
      .map(normalizeForSearch)
      .join(' ');
    if (!terms.every((term) => containsWithOneTypo(text, term))) return [];
    const exact = terms.filter((term) => text.includes(term)).length;
    const inTitle = terms.filter((term) => containsWithOneTypo(title, term)).length;
    return [{ entry, index, exact, inTitle }];
  });
  return scored
    .sort((a, b) => b.exact - a.exact || b.inTitle - a.inTitle || a.index - b.index)
    .map(({ entry }) => entry);
}

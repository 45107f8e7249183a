import { getCatalogueEntries } from './client-entries';
import { normalizeForSearch, searchCatalogue } from './search';

const pt = getCatalogueEntries('pt-BR');
const en = getCatalogueEntries('en');
const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title);

describe('catalogue search', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('  Páscoa PARANÁ ')).toBe('pascoa parana');
  });

  it('finds nothing for an empty query', () => {
    expect(searchCatalogue(pt, '   ')).toEqual([]);
  });

  it('finds a product by its title', () => {
    expect(titles(searchCatalogue(pt, 'pistache'))[0]).toBe('Ovo Pistache');
    expect(titles(searchCatalogue(en, 'pistachio'))[0]).toBe('Pistachio Egg');
  });

  it('finds products by category without accents', () => {
    const easter = searchCatalogue(pt, 'pascoa');
    expect(easter).toHaveLength(11);
    expect(titles(searchCatalogue(en, 'easter'))).toHaveLength(11);
  });

  it('finds products by type', () => {
    expect(titles(searchCatalogue(pt, 'barras'))).toHaveLength(6);
    expect(titles(searchCatalogue(en, 'mini eggs'))).toContain('Mini Egg');
  });

  it('needs every word and lists title matches first', () => {
    const results = titles(searchCatalogue(pt, 'tropical parana'));
    expect(results.slice(0, 2).sort()).toEqual(
      ['Ovo Tropical Paraná', 'Ovo Tropical Paraná + Amazonas'].sort(),
    );
    for (const title of results) expect(normalizeForSearch(title)).toContain('tropical');
  });

  it('searches only the current language', () => {
    expect(searchCatalogue(en, 'ovo')).toEqual([]);
  });
});

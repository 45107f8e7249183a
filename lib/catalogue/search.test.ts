import { catalogueEntries } from './client-entries';
import { seedProducts } from './seed';
import { containsWithOneTypo, normalizeForSearch, searchCatalogue } from './search';

const pt = catalogueEntries(seedProducts, 'pt-BR');
const en = catalogueEntries(seedProducts, 'en');
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

  it('tolerates one typo in a word of 5 letters or more, in both languages', () => {
    expect(titles(searchCatalogue(pt, 'nutela'))).toContain('Ovo Cookies com Nutella');
    expect(titles(searchCatalogue(pt, 'NUTÉLA'))).toContain('Ovo Cookies com Nutella');
    const nutella = pt.find((entry) => entry.title === 'Ovo Cookies com Nutella')?.key;
    const enTitle = en.find((entry) => entry.key === nutella)?.title ?? '';
    expect(enTitle).toMatch(/nutella/i);
    expect(titles(searchCatalogue(en, 'nutela'))).toContain(enTitle);
    expect(titles(searchCatalogue(pt, 'pistahce'))[0]).toBe('Ovo Pistache');
    expect(titles(searchCatalogue(en, 'pistachoi'))[0]).toBe('Pistachio Egg');
  });

  it('lists products found as typed before those found with a typo', () => {
    const found = searchCatalogue(pt, 'barras');
    expect(found.slice(0, 6).map((entry) => normalizeForSearch(entry.typeName))).toEqual(
      Array(6).fill('barras'),
    );
    expect(found.length).toBeGreaterThanOrEqual(6);
  });

  it('counts one missing, extra, wrong or swapped letter, never two', () => {
    expect(containsWithOneTypo('ovo cookies com nutella', 'nutela')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nutellla')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nutekla')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nuetlla')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nutlla')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nutel')).toBe(true);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nueta')).toBe(false);
    expect(containsWithOneTypo('ovo cookies com nutella', 'nuttelaa')).toBe(false);
    // Short words only as typed.
    expect(containsWithOneTypo('ovo pistache', 'ova')).toBe(false);
  });
});

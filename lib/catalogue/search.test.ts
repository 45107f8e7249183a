import MiniSearch from 'minisearch';
import { catalogueEntries } from './client-entries';
import { seedProducts as products } from './seed';
import {
  createCatalogueSearch,
  loadCatalogueSearch,
  normalizeForSearch,
  typosAllowed,
} from './search';
import { catalogueSearchData, productSearchWords } from './search-words';

const { words, featured } = catalogueSearchData(products);
const pt = createCatalogueSearch(MiniSearch, catalogueEntries(products, 'pt-BR'), words);
const en = createCatalogueSearch(MiniSearch, catalogueEntries(products, 'en'), words);
const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title);
const EGGS_PT = catalogueEntries(products, 'pt-BR').filter(
  (entry) => entry.categoryName === 'Páscoa',
);

describe('catalogue search', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('  Páscoa PARANÁ ')).toBe('pascoa parana');
    expect(titles(pt('PARANÁ')).length).toBeGreaterThan(0);
    expect(titles(pt('parana'))).toEqual(titles(pt('Paraná')));
  });

  it('finds nothing for an empty query', () => {
    expect(pt('   ')).toEqual([]);
  });

  it('finds a product by its title', () => {
    expect(titles(pt('pistache'))[0]).toBe('Ovo Pistache');
    expect(titles(en('pistachio'))[0]).toBe('Pistachio Egg');
  });

  it('finds products by category without accents', () => {
    expect(pt('pascoa')).toHaveLength(11);
    expect(en('easter')).toHaveLength(11);
  });

  it('finds products by type', () => {
    expect(pt('barras')).toHaveLength(6);
    expect(titles(en('mini eggs'))[0]).toBe('Mini Egg');
  });

  it('needs every word and ranks title matches first', () => {
    const results = titles(pt('tropical parana'));
    expect(results.slice(0, 2).sort()).toEqual(
      ['Barra Tropical Paraná', 'Ovo Tropical Paraná'].sort(),
    );
    expect(results).toContain('Ovo Tropical Paraná + Amazonas');
    for (const title of results) expect(normalizeForSearch(title)).toContain('tropical');
  });

  it('finds by the start of a word', () => {
    expect(titles(pt('pist'))[0]).toBe('Ovo Pistache');
    expect(titles(en('pistach'))[0]).toBe('Pistachio Egg');
    expect(titles(pt('nute'))[0]).toBe('Ovo Cookies com Nutella');
  });

  it('forgives one typo from 5 letters and two from 7, in both languages', () => {
    expect(titles(pt('nutela'))[0]).toBe('Ovo Cookies com Nutella');
    expect(titles(pt('NUTÉLA'))[0]).toBe('Ovo Cookies com Nutella');
    expect(titles(en('nutela'))[0]).toBe('Cookies and Nutella Egg');
    expect(titles(pt('pistahce'))[0]).toBe('Ovo Pistache');
    expect(titles(pt('pistaxe'))[0]).toBe('Ovo Pistache');
    expect(titles(en('pistaxe'))[0]).toBe('Pistachio Egg');
    expect(titles(en('pistachoi'))[0]).toBe('Pistachio Egg');
    expect(titles(en('amazomas'))).toContain('Tropical Amazonas Bar');
  });

  it('never lets a short word be mistyped: three letters are taken as typed', () => {
    expect(typosAllowed('ovo')).toBe(0);
    expect(typosAllowed('nutel')).toBe(1);
    expect(typosAllowed('pistaxe')).toBe(2);
    expect(pt('ova')).toEqual([]);
    expect(pt('xyzzy')).toEqual([]);
  });

  it("finds the same products by either language's words", () => {
    const eggKeys = EGGS_PT.map((entry) => entry.key).sort();
    const keys = (entries: { key: string }[]) => entries.map((entry) => entry.key).sort();
    // 'ovo' on /en and 'egg' on /pt-BR find every egg, and only eggs.
    expect(keys(en('ovo'))).toEqual(eggKeys);
    expect(keys(pt('egg'))).toEqual(eggKeys);
    expect(keys(pt('ovo'))).toEqual(eggKeys);
    expect(keys(en('egg'))).toEqual(eggKeys);
  });

  it("finds the 70 % bar by 'amargo' and 'dark' in both languages, and by 'chocolat amargo' first", () => {
    for (const search of [pt, en]) {
      expect(search('amargo').map((entry) => entry.key)[0]).toBe('barra-tropical-bahia');
      expect(search('dark').map((entry) => entry.key)[0]).toBe('barra-tropical-bahia');
      expect(search('chocolat amargo').map((entry) => entry.key)[0]).toBe('barra-tropical-bahia');
    }
    expect(titles(en('chocolat amargo'))[0]).toBe('Tropical Bahia Bar');
  });

  it('ignores joining words, so they never make a match fail', () => {
    expect(titles(pt('ovo de pistache'))[0]).toBe('Ovo Pistache');
    expect(titles(en('egg with pistachio'))[0]).toBe('Pistachio Egg');
  });

  it('ranks a product named by the words above one that only mentions them', () => {
    // 'Mini Ovo' is named 'mini ovo'; the other Easter eggs are only of the type 'Mini Ovos' or
    // not at all.
    expect(titles(pt('mini ovo'))[0]).toBe('Mini Ovo');
    const bars = pt('barras');
    expect(bars).toHaveLength(6);
    for (const bar of bars) expect(bar.typeName).toBe('Barras');
  });

  it('without the other language it still finds the page language', () => {
    const alone = createCatalogueSearch(MiniSearch, catalogueEntries(products, 'en'));
    expect(titles(alone('pistaxio'))[0]).toBe('Pistachio Egg');
    expect(alone('ovo')).toEqual([]);
  });

  it('loads its library on demand', async () => {
    const search = await loadCatalogueSearch(catalogueEntries(products, 'pt-BR'), words);
    expect(titles(search('pistaxe'))[0]).toBe('Ovo Pistache');
  });
});

describe('catalogue search data', () => {
  it("holds every language's names and words of each shown product, and the featured ones", () => {
    const bahia = products.find((product) => product.key === 'barra-tropical-bahia')!;
    expect(productSearchWords(bahia).names).toEqual(['Barra Tropical Bahia', 'Tropical Bahia Bar']);
    expect(productSearchWords(bahia).words.join(' ')).toMatch(/amargo.*dark/);
    expect(featured).toEqual(
      products.filter((product) => product.isPromoted).map((product) => product.key),
    );
    const hidden = products.map((product, index) => ({ ...product, showInStore: index !== 0 }));
    const data = catalogueSearchData(hidden);
    expect(Object.keys(data.words)).not.toContain(products[0]!.key);
  });
});

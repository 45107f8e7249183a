import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { allergenProblem } from './allergens';
import { categories, easterTypes } from './categories';
import { getSeedProduct as getProduct, seedProducts as products } from './seed';
import type { CategoryKey, Localized, Product, ProductTypeKey } from './types';

// The seed: the specification's 17 products, as a new shop's catalogue starts.
const getProductsByCategory = (key: CategoryKey) =>
  products.filter((product) => product.category === key);
const getProductsByType = (key: ProductTypeKey) =>
  products.filter((product) => product.type === key);

// Prices as the SPEC gives them, in whole reais.
const expected: [key: string, title: string, reais: number, weight: string][] = [
  ['ovo-caramelo-com-amendoim', 'Ovo Caramelo com Amendoim', 103, '400g'],
  ['ovo-pistache', 'Ovo Pistache', 193, '400g'],
  ['ovo-cookies-com-nutella', 'Ovo Cookies com Nutella', 138, '400g'],
  ['ovo-tropical-maravilha', 'Ovo Tropical Maravilha', 155, '400g'],
  ['ovo-tropical-minas', 'Ovo Tropical Minas', 90, '300g'],
  ['ovo-tropical-amazonas', 'Ovo Tropical Amazonas', 90, '300g'],
  ['ovo-tropical-parana-amazonas', 'Ovo Tropical Paraná + Amazonas', 90, '300g'],
  ['ovo-tropical-parana', 'Ovo Tropical Paraná', 90, '300g'],
  ['ovo-tropical-rio', 'Ovo Tropical Rio', 90, '300g'],
  ['ovo-tropical-sampa', 'Ovo Tropical Sampa', 90, '300g'],
  ['mini-ovo', 'Mini Ovo', 35, '120g'],
  ['barra-tropical-amazonas', 'Barra Tropical Amazonas', 40, '100g'],
  ['barra-tropical-rio', 'Barra Tropical Rio', 40, '100g'],
  ['barra-tropical-minas', 'Barra Tropical Minas', 40, '100g'],
  ['barra-tropical-sampa', 'Barra Tropical Sampa', 40, '100g'],
  ['barra-tropical-bahia', 'Barra Tropical Bahia', 40, '100g'],
  ['barra-tropical-parana', 'Barra Tropical Paraná', 40, '100g'],
];

const expectedTypes: Record<string, Product['type']> = {
  'ovo-caramelo-com-amendoim': 'ovos-trufados',
  'ovo-pistache': 'ovos-trufados',
  'ovo-cookies-com-nutella': 'ovos-trufados',
  'ovo-tropical-maravilha': 'ovos-trufados',
  'mini-ovo': 'mini-ovos',
};

const publicDir = join(__dirname, '..', '..', 'public');

function expectLocalized(value: Localized | Localized<string[]>): void {
  for (const locale of ['pt-BR', 'en'] as const) {
    const text = value[locale];
    if (Array.isArray(text)) {
      expect(text.length).toBeGreaterThan(0);
      for (const line of text) expect(line.trim()).not.toBe('');
    } else {
      expect(text.trim()).not.toBe('');
    }
  }
}

describe('catalogue contents', () => {
  it('has 17 products: 11 Easter items and 6 classic bars', () => {
    expect(products).toHaveLength(17);
    expect(getProductsByCategory('pascoa')).toHaveLength(11);
    expect(getProductsByCategory('classicos')).toHaveLength(6);
  });

  it('has the 17 agreed products, each key once', () => {
    const keys = products.map((product) => product.key);
    expect(new Set(keys).size).toBe(17);
    expect([...keys].sort()).toEqual(expected.map(([key]) => key).sort());
  });

  it.each(expected)('%s has the agreed title, price and weight', (key, title, reais, weight) => {
    const product = getProduct(key);
    expect(product).toBeDefined();
    expect(product?.title['pt-BR']).toBe(title);
    expect(product?.price).toBe(reais * 100);
    expect(product?.weight).toBe(weight);
    const isBar = key.startsWith('barra-');
    expect(product?.category).toBe(isBar ? 'classicos' : 'pascoa');
    expect(product?.type).toBe(isBar ? 'barras' : (expectedTypes[key] ?? 'ovos-com-lascas'));
  });

  it('returns undefined for an unknown key', () => {
    expect(getProduct('ovo-inexistente')).toBeUndefined();
  });

  it('groups products by type', () => {
    expect(getProductsByType('ovos-trufados')).toHaveLength(4);
    expect(getProductsByType('ovos-com-lascas')).toHaveLength(6);
    expect(getProductsByType('mini-ovos')).toHaveLength(1);
    expect(getProductsByType('barras')).toHaveLength(6);
  });

  it.each(products.map((product) => [product.key, product] as const))(
    '%s has shop defaults, a page link, its own drawings and valid allergen statements',
    (key, product) => {
      expect(allergenProblem(product.allergens)).toBeNull();
      expect(product.allergens.length).toBeGreaterThanOrEqual(2);
      expect(product.stockQtty).toBe(10);
      expect(product.availableForSale).toBe(true);
      expect(product.showInStore).toBe(true);
      expect(product.pageLink).toBe(`/chocolates/${key}`);
      expect(product.imgSrc.map((image) => image.src)).toEqual([
        `/images/products/${key}.svg`,
        `/images/products/${key}-detail.svg`,
      ]);
      for (const image of product.imgSrc) {
        expect(image.kind).toBe('drawing');
        expect(image.width).toBe(400);
        expect(image.height).toBe(400);
        expect(existsSync(join(publicDir, image.src))).toBe(true);
        expectLocalized(image.alt);
      }
    },
  );

  it.each(products.map((product) => [product.key, product] as const))(
    '%s has text in both locales',
    (_key, product) => {
      expectLocalized(product.title);
      expectLocalized(product.subtitle);
      expectLocalized(product.description);
      expect(product.description['pt-BR'].length).toBeGreaterThanOrEqual(2);
      expect(product.description.en.length).toBeGreaterThanOrEqual(2);
      expect(product.ingredients.length).toBeGreaterThanOrEqual(3);
      expect(product.ingredients.length).toBeLessThanOrEqual(5);
      const names = product.ingredients.map((ingredient) => ingredient.name['pt-BR']);
      expect(new Set(names).size).toBe(names.length);
      for (const ingredient of product.ingredients) {
        expectLocalized(ingredient.name);
        expectLocalized(ingredient.description);
      }
    },
  );

  it('promotes a few headline items only', () => {
    const promoted = products.filter((product) => product.isPromoted);
    expect(promoted.length).toBeGreaterThanOrEqual(2);
    expect(promoted.length).toBeLessThanOrEqual(3);
    expect(getProduct('ovo-pistache')?.isPromoted).toBe(true);
  });
});

describe('categories', () => {
  it('lists Páscoa and Clássicos with their types', () => {
    expect(categories.map((category) => category.key)).toEqual(['pascoa', 'classicos']);
    const [pascoa, classicos] = categories;
    expect(pascoa?.name).toEqual({ 'pt-BR': 'Páscoa', en: 'Easter' });
    expect(classicos?.name).toEqual({ 'pt-BR': 'Clássicos', en: 'Classics' });
    expect(pascoa?.types.map((type) => type.name['pt-BR'])).toEqual([
      'Ovos Trufados',
      'Ovos com Lascas',
      'Mini Ovos',
    ]);
    expect(classicos?.types.map((type) => type.name)).toEqual([{ 'pt-BR': 'Barras', en: 'Bars' }]);
    for (const category of categories) {
      expectLocalized(category.name);
      for (const type of category.types) expectLocalized(type.name);
    }
  });

  it('keeps a separate list of the three Easter types', () => {
    expect(easterTypes.map((type) => type.key)).toEqual([
      'ovos-trufados',
      'ovos-com-lascas',
      'mini-ovos',
    ]);
    expect(easterTypes.map((type) => type.name.en)).toEqual([
      'Truffled Eggs',
      'Eggs with Chunks',
      'Mini Eggs',
    ]);
  });

  it('uses every category type and files every product under a type of its category', () => {
    for (const category of categories) {
      for (const type of category.types) {
        expect(getProductsByType(type.key).length).toBeGreaterThan(0);
      }
    }
    for (const product of products) {
      const category = categories.find((candidate) => candidate.key === product.category);
      expect(category?.types.map((type) => type.key)).toContain(product.type);
    }
  });
});

import { getSeedProduct as getProduct, seedProducts as products } from './seed';
import { filterProducts, isProductFilter } from './filters';

const ORGANIC = ['ovo-tropical-amazonas', 'barra-tropical-amazonas', 'barra-tropical-bahia'];

describe('the organic line', () => {
  it('is the three single-origin recipes, with the prices and weights of the SPEC', () => {
    expect(products.filter((product) => product.isOrganic).map((product) => product.key)).toEqual(
      ORGANIC,
    );
    expect(ORGANIC.map((key) => [getProduct(key)?.price, getProduct(key)?.weight])).toEqual([
      [9000, '300g'],
      [4000, '100g'],
      [4000, '100g'],
    ]);
  });

  it('is a flag every other product has off', () => {
    for (const product of products) {
      expect(product.isOrganic).toBe(ORGANIC.includes(product.key));
    }
  });
});

describe('filterProducts', () => {
  it("'organic' keeps only organic products, in catalogue order", () => {
    const kept = filterProducts(products, 'organic');
    expect(kept.map((product) => product.key)).toEqual(ORGANIC);
    expect(kept.every((product) => product.isOrganic)).toBe(true);
  });

  it("'all' keeps everything and returns a new list", () => {
    const kept = filterProducts(products, 'all');
    expect(kept).toEqual(products);
    expect(kept).not.toBe(products);
  });

  it('accepts only the known filters', () => {
    expect(isProductFilter('organic')).toBe(true);
    expect(isProductFilter('all')).toBe(true);
    expect(isProductFilter('vegan')).toBe(false);
    expect(isProductFilter(undefined)).toBe(false);
  });
});

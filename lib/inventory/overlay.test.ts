import { getProduct, products } from '@/lib/catalogue';

import {
  applyInventory,
  catalogueDefaults,
  entryFromDocument,
  productsWithInventory,
} from './overlay';

const pistache = getProduct('ovo-pistache')!;

describe('the inventory overlay', () => {
  it('defaults to the catalogue for all 17 products', () => {
    const defaults = catalogueDefaults();
    expect(Object.keys(defaults)).toHaveLength(17);
    expect(defaults['ovo-pistache']).toEqual({
      stock: 10,
      availableForSale: true,
      showInStore: true,
      isPromoted: true,
    });
    expect(productsWithInventory(defaults)).toEqual(products);
  });

  it('reads the stock as the checkout does: missing or malformed is 0', () => {
    expect(entryFromDocument(pistache, undefined).stock).toBe(0);
    expect(entryFromDocument(pistache, {}).stock).toBe(0);
    expect(entryFromDocument(pistache, { stock: '10' }).stock).toBe(0);
    expect(entryFromDocument(pistache, { stock: 2.5 }).stock).toBe(0);
    expect(entryFromDocument(pistache, { stock: -3 }).stock).toBe(0);
    expect(entryFromDocument(pistache, { stock: 7 }).stock).toBe(7);
  });

  it('lets boolean flags in the document win, and ignores anything else', () => {
    expect(
      entryFromDocument(pistache, { stock: 1, showInStore: false, isPromoted: 'false' }),
    ).toEqual({ stock: 1, availableForSale: true, showInStore: false, isPromoted: true });
    expect(entryFromDocument(pistache, { stock: 1, availableForSale: false })).toMatchObject({
      availableForSale: false,
    });
  });

  it('applies an entry to a product without touching anything else', () => {
    const applied = applyInventory(pistache, {
      stock: 0,
      availableForSale: false,
      showInStore: false,
      isPromoted: false,
    });
    expect(applied).toEqual({
      ...pistache,
      stockQtty: 0,
      availableForSale: false,
      showInStore: false,
      isPromoted: false,
    });
    expect(pistache.stockQtty).toBe(10);
    expect(applyInventory(pistache, undefined)).toBe(pistache);
  });
});

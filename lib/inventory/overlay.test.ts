import { toProduct } from '@/lib/catalogue/product';
import { SEED_RECORDS } from '@/lib/catalogue/seed';

import { catalogueDefaults, entryFromDocument, productsWithInventory } from './overlay';

const pistache = SEED_RECORDS.find((record) => record.key === 'ovo-pistache')!;

describe('the inventory overlay', () => {
  it('defaults to the records for all 17 products of the seed', () => {
    const defaults = catalogueDefaults(SEED_RECORDS);
    expect(Object.keys(defaults)).toHaveLength(17);
    expect(defaults['ovo-pistache']).toEqual({
      stock: 10,
      availableForSale: true,
      showInStore: true,
      isPromoted: true,
    });
    expect(productsWithInventory(defaults, SEED_RECORDS)).toEqual(
      SEED_RECORDS.map((record) => toProduct(record)),
    );
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

  it('applies an entry to its product without touching anything else', () => {
    const entry = { stock: 0, availableForSale: false, showInStore: false, isPromoted: false };
    const [applied] = productsWithInventory({ 'ovo-pistache': entry }, [pistache]);
    expect(applied).toEqual({
      ...toProduct(pistache),
      stockQtty: 0,
      availableForSale: false,
      showInStore: false,
      isPromoted: false,
    });
  });
});

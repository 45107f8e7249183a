import { catalogueEntries } from '@/lib/catalogue/client-entries';
import { seedProducts } from '@/lib/catalogue/seed';
import {
  createCartStore,
  DEFAULT_VARIANT,
  toCartCatalogue,
  type CartItem,
} from '@/lib/stores/cart-store';

import { addLimit, applyLiveStock, canAddOne, isCheckoutLine } from './live-stock';

const line = (id: string, quantity: number, price = 10000): CartItem => ({
  id,
  price,
  quantity,
  bannerImage: `/${id}.svg`,
  variant: DEFAULT_VARIANT,
});

describe('applyLiveStock', () => {
  it('caps a line at the units left and remembers them', () => {
    const [capped] = applyLiveStock([line('ovo-tropical-minas', 5)], {
      'ovo-tropical-minas': { stock: 2, forSale: true },
    });
    expect(capped).toMatchObject({ quantity: 2, stockInfo: { stock: 2 } });
    expect(capped && isCheckoutLine(capped)).toBe(true);
  });

  it('marks sold-out and withdrawn lines, keeping their quantity', () => {
    const items = applyLiveStock([line('a', 3), line('b', 1), line('c', 4)], {
      a: { stock: 0, forSale: true },
      b: { stock: 10, forSale: false },
      c: { stock: 10, forSale: true },
    });
    expect(items.map((item) => [item.quantity, item.stockInfo?.blocked])).toEqual([
      [3, 'soldOut'],
      [1, 'withdrawn'],
      [4, undefined],
    ]);
    expect(items.map(isCheckoutLine)).toEqual([false, false, true]);
  });

  it('shares the units left between lines of the same product', () => {
    const gift = { ...line('a', 2), variant: { key: 'gift', name: 'Gift' } };
    const items = applyLiveStock([line('a', 2), gift], { a: { stock: 3, forSale: true } });
    expect(items.map((item) => item.quantity)).toEqual([2, 1]);
  });

  it('leaves lines the read said nothing about, and clears an earlier mark when back', () => {
    const [sold] = applyLiveStock([line('a', 1)], { a: { stock: 0, forSale: true } });
    expect(applyLiveStock([line('z', 7)], {})).toEqual([line('z', 7)]);
    const [back] = applyLiveStock([sold!], { a: { stock: 5, forSale: true } });
    expect(back?.stockInfo).toEqual({ stock: 5 });
  });
});

describe('canAddOne', () => {
  it('stops at the stock, and is free before any read up to the fair-stock limits', () => {
    expect(canAddOne([line('a', 4)], 'a')).toBe(true);
    expect(canAddOne([line('a', 5)], 'a')).toBe(false);
    expect(addLimit([line('a', 5)], 'a')).toEqual({ kind: 'perProduct', max: 5 });
    const twenty = ['b', 'c', 'd', 'e'].map((id) => line(id, 5));
    expect(addLimit(twenty, 'a')).toEqual({ kind: 'total', max: 20 });
    // The page's live read stops the button before the list has read the stock itself.
    expect(addLimit([line('a', 3)], 'a', 3)).toEqual({ kind: 'stock', left: 3 });
    expect(addLimit([line('a', 2)], 'a', 3)).toBeNull();
    const items = applyLiveStock([line('a', 1)], { a: { stock: 2, forSale: true } });
    expect(canAddOne(items, 'a')).toBe(true);
    expect(canAddOne(applyLiveStock([line('a', 2)], { a: { stock: 2, forSale: true } }), 'a')).toBe(
      false,
    );
    expect(
      canAddOne(applyLiveStock([line('a', 1)], { a: { stock: 9, forSale: false } }), 'a'),
    ).toBe(false);
  });
});

describe('the cart store with live stock', () => {
  const catalogue = toCartCatalogue(catalogueEntries(seedProducts, 'pt-BR'));

  it('caps the cart, keeps blocked lines out of the total and refuses + past the stock', () => {
    const store = createCartStore(undefined, { catalogue });
    for (let i = 0; i < 5; i += 1) store.getState().addToCart('mini-ovo');
    store.getState().addToCart('ovo-pistache');
    store.getState().applyLiveStock({
      'mini-ovo': { stock: 2, forSale: true },
      'ovo-pistache': { stock: 0, forSale: true },
    });
    const state = store.getState();
    expect(state.cartItems.map((item) => [item.id, item.quantity])).toEqual([
      ['mini-ovo', 2],
      ['ovo-pistache', 1],
    ]);
    expect(state.cartTotal).toBe(7000);
    state.addToCart('mini-ovo');
    expect(store.getState().cartItems[0]?.quantity).toBe(2);
    store.getState().decrementItem('mini-ovo');
    store.getState().addToCart('mini-ovo');
    expect(store.getState().cartItems[0]?.quantity).toBe(2);
  });
});

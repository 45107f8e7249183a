import { catalogueEntries } from '@/lib/catalogue/client-entries';
import { seedProducts } from '@/lib/catalogue/seed';
import { CHECKOUT_LIMITS, HOLD_LIMITS } from '@/lib/orders/limits';
import type { StateStorage } from 'zustand/middleware';
import { clearCartUndoably, removeLineUndoably, undoClear, undoRemove } from './cart-undo';
import {
  CART_STORAGE_KEY,
  CART_STORAGE_VERSION,
  cartQuantity,
  computeCartTotal,
  createCartStore,
  DEFAULT_VARIANT,
  toCartCatalogue,
  type CartCatalogue,
} from './cart-store';

const catalogue: CartCatalogue = {
  ...toCartCatalogue(catalogueEntries(seedProducts, 'pt-BR')),
  'ovo-esgotado': { price: 5000, bannerImage: '/x.svg', purchasable: false },
};

function memoryStorage(initial: Record<string, string> = {}): StateStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (name) => data[name] ?? null,
    setItem: (name, value) => {
      data[name] = value;
    },
    removeItem: (name) => {
      delete data[name];
    },
  };
}

function freshStore(storage = memoryStorage()) {
  return { store: createCartStore(undefined, { catalogue, storage }), storage };
}

describe('cart store', () => {
  it('starts empty', () => {
    const { store } = freshStore();
    expect(store.getState().cartItems).toEqual([]);
    expect(store.getState().cartTotal).toBe(0);
    expect(store.getState().orderId).toBeNull();
  });

  it('adds a new product with quantity 1, the catalogue price and the default variant', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    expect(store.getState().cartItems).toEqual([
      {
        id: 'ovo-pistache',
        price: 19300,
        seenPrice: 19300,
        quantity: 1,
        bannerImage: '/images/products/ovo-pistache.svg',
        variant: DEFAULT_VARIANT,
      },
    ]);
    expect(store.getState().cartTotal).toBe(19300);
  });

  it('increments the quantity when the same product and variant is added again', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    expect(store.getState().cartItems).toHaveLength(1);
    expect(store.getState().cartItems[0]?.quantity).toBe(2);
    expect(store.getState().cartTotal).toBe(38600);
  });

  it('keeps another variant of the same product as its own line', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    store.getState().addToCart('mini-ovo', { key: 'gift', name: 'Gift box' });
    store.getState().addToCart('mini-ovo', { key: 'gift', name: 'Gift box' });
    const lines = store.getState().cartItems.map((item) => [item.variant.key, item.quantity]);
    expect(lines).toEqual([
      ['default', 1],
      ['gift', 2],
    ]);
    expect(store.getState().cartTotal).toBe(3500 * 3);
  });

  it('ignores products that are unknown or not for sale', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-inexistente');
    store.getState().addToCart('ovo-esgotado');
    expect(store.getState().cartItems).toEqual([]);
    expect(store.getState().cartTotal).toBe(0);
  });

  it('decrements a line and recomputes the total', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().decrementItem('ovo-pistache');
    expect(store.getState().cartItems.map((item) => [item.id, item.quantity])).toEqual([
      ['ovo-pistache', 1],
      ['mini-ovo', 1],
    ]);
    expect(store.getState().cartTotal).toBe(19300 + 3500);
  });

  it('removes a line when it is decremented to 0', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().decrementItem('mini-ovo');
    expect(store.getState().cartItems.map((item) => item.id)).toEqual(['ovo-pistache']);
    expect(store.getState().cartTotal).toBe(19300);
  });

  it('never keeps a line at 0 or below, even from a bad starting state', () => {
    const store = createCartStore(
      {
        cartItems: [
          { id: 'mini-ovo', price: 3500, quantity: 0, bannerImage: '', variant: DEFAULT_VARIANT },
        ],
        cartTotal: 0,
        orderId: null,
      },
      { catalogue, storage: memoryStorage() },
    );
    store.getState().decrementItem('mini-ovo');
    expect(store.getState().cartItems).toEqual([]);
  });

  it('decrementing a product that is not in the cart changes nothing', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    store.getState().decrementItem('ovo-pistache');
    expect(store.getState().cartItems.map((item) => [item.id, item.quantity])).toEqual([
      ['mini-ovo', 1],
    ]);
    expect(store.getState().cartTotal).toBe(3500);
  });

  it('removes a whole line whatever its quantity', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().removeItem('ovo-pistache');
    expect(store.getState().cartItems.map((item) => item.id)).toEqual(['mini-ovo']);
    expect(store.getState().cartTotal).toBe(3500);
  });

  it('removes only the given variant', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    store.getState().addToCart('mini-ovo', { key: 'gift', name: 'Gift box' });
    store.getState().removeItem('mini-ovo', 'gift');
    expect(store.getState().cartItems.map((item) => item.variant.key)).toEqual(['default']);
  });

  it('clears the cart', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().clearCart();
    expect(store.getState().cartItems).toEqual([]);
    expect(store.getState().cartTotal).toBe(0);
  });

  it("undoClear puts back the cleared lines, total and order id ('Desfazer')", () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    const orderId = store.getState().startCheckout();
    const before = store.getState().cartItems;
    const cleared = clearCartUndoably(store);
    expect(store.getState().cartItems).toEqual([]);
    expect(undoClear(store, cleared)).toBe(true);
    expect(store.getState().cartItems).toEqual(before);
    expect(store.getState().cartTotal).toBe(22800);
    expect(store.getState().orderId).toBe(orderId);
  });

  it('undoClear never overwrites lines added after the clearing', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    const cleared = clearCartUndoably(store);
    store.getState().addToCart('mini-ovo');
    expect(undoClear(store, cleared)).toBe(false);
    expect(store.getState().cartItems.map((item) => item.id)).toEqual(['mini-ovo']);
    // Clearing an empty cart leaves nothing to undo.
    store.getState().clearCart();
    expect(undoClear(store, clearCartUndoably(store))).toBe(false);
  });

  it('undoRemove puts a removed line back where it stood, with its quantity and the total', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().addToCart('mini-ovo');
    store.getState().addToCart('barra-tropical-rio');
    const before = store.getState().cartItems;
    const removed = removeLineUndoably(store, 'mini-ovo', DEFAULT_VARIANT.key);
    expect(removed?.index).toBe(1);
    expect(store.getState().cartItems.map((item) => item.id)).toEqual([
      'ovo-pistache',
      'barra-tropical-rio',
    ]);
    expect(store.getState().cartTotal).toBe(23300);
    expect(undoRemove(store, removed!)).toBe(true);
    expect(store.getState().cartItems).toEqual(before);
    expect(store.getState().cartTotal).toBe(30300);
    expect(removeLineUndoably(store, 'ovo-esgotado', DEFAULT_VARIANT.key)).toBeNull();
  });

  it('undoRemove never overwrites the same product added again, nor passes the limits', () => {
    const { store } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    const removed = removeLineUndoably(store, 'ovo-pistache', DEFAULT_VARIANT.key)!;
    store.getState().addToCart('ovo-pistache');
    expect(undoRemove(store, removed)).toBe(false);
    expect(store.getState().cartItems.map((item) => item.quantity)).toEqual([1]);

    // Twenty units in other lines meanwhile: two more would pass the limit of units in all.
    store.getState().clearCart();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    const pistache = removeLineUndoably(store, 'ovo-pistache', DEFAULT_VARIANT.key)!;
    const others = Object.keys(catalogue).filter(
      (key) => key !== 'ovo-pistache' && catalogue[key]?.purchasable,
    );
    for (const key of others.slice(0, HOLD_LIMITS.total / HOLD_LIMITS.perProduct)) {
      for (let unit = 0; unit < HOLD_LIMITS.perProduct; unit += 1) store.getState().addToCart(key);
    }
    expect(store.getState().cartItems.reduce((sum, item) => sum + item.quantity, 0)).toBe(
      HOLD_LIMITS.total,
    );
    expect(undoRemove(store, pistache)).toBe(false);
    expect(store.getState().cartItems.some((item) => item.id === 'ovo-pistache')).toBe(false);
  });

  it('recomputes the total on every change (R$ 421,00 for two Ovo Pistache and one Mini Ovo)', () => {
    const { store } = freshStore();
    const totals: number[] = [];
    store.subscribe((state) => totals.push(state.cartTotal));
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('mini-ovo');
    store.getState().decrementItem('mini-ovo');
    store.getState().removeItem('ovo-pistache');
    expect(totals).toEqual([19300, 38600, 42100, 38600, 0]);
    expect(cartQuantity(store.getState().cartItems)).toBe(0);
  });

  it('counts for the badge only the lines that can be bought, as the total does', () => {
    const { store } = freshStore();
    for (let i = 0; i < 3; i += 1) store.getState().addToCart('mini-ovo');
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('barra-tropical-rio');
    expect(cartQuantity(store.getState().cartItems)).toBe(5);
    store.getState().applyLiveStock({
      'mini-ovo': { stock: 0, forSale: true },
      'ovo-pistache': { stock: 4, forSale: false },
      'barra-tropical-rio': { stock: 4, forSale: true },
    });
    expect(cartQuantity(store.getState().cartItems)).toBe(1);
    expect(store.getState().cartTotal).toBe(computeCartTotal(store.getState().cartItems));
  });
});

describe('the order id of a checkout', () => {
  it('is made when checkout starts: short, URL-safe, upper-case hex', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    const orderId = store.getState().startCheckout();
    expect(orderId).toMatch(/^[0-9A-F]{12}$/);
    expect(store.getState().orderId).toBe(orderId);
  });

  it('is taken back when a reloaded checkout resumes it, and only a well-formed one', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    expect(store.getState().startCheckout('29A1B18384C1')).toBe('29A1B18384C1');
    expect(store.getState().orderId).toBe('29A1B18384C1');
    expect(store.getState().startCheckout('__bad__')).toMatch(/^[0-9A-F]{12}$/);
    expect(store.getState().orderId).not.toBe('__bad__');
  });

  it('is new each time checkout starts', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    const first = store.getState().startCheckout();
    expect(store.getState().startCheckout()).not.toBe(first);
  });

  it('stays while the cart changes, so a retried order keeps its id', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    const orderId = store.getState().startCheckout();
    store.getState().addToCart('mini-ovo');
    store.getState().decrementItem('mini-ovo');
    expect(store.getState().orderId).toBe(orderId);
  });

  it('is forgotten with the cart, so the next cart is a new order', () => {
    const { store } = freshStore();
    store.getState().addToCart('mini-ovo');
    store.getState().startCheckout();
    store.getState().clearCart();
    expect(store.getState().orderId).toBeNull();
  });

  it('differs between carts (200 fresh ids are all distinct)', () => {
    const ids = Array.from({ length: 200 }, () => freshStore().store.getState().startCheckout());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is never written to storage (a reload starts a new checkout)', () => {
    const { store, storage } = freshStore();
    store.getState().addToCart('mini-ovo');
    store.getState().startCheckout();
    expect(storage.data[CART_STORAGE_KEY]).not.toContain(store.getState().orderId);
  });
});

describe('cart persistence', () => {
  it('stores only ids, variants, quantities and the price seen, with a version', () => {
    const { store, storage } = freshStore();
    store.getState().addToCart('ovo-pistache');
    store.getState().addToCart('ovo-pistache');
    const saved = JSON.parse(storage.data[CART_STORAGE_KEY] ?? 'null');
    expect(saved).toEqual({
      version: CART_STORAGE_VERSION,
      state: {
        cartItems: [
          { id: 'ovo-pistache', quantity: 2, variant: DEFAULT_VARIANT, seenPrice: 19300 },
        ],
      },
    });
  });

  it('keeps the price a line was seen at: the catalogue then prices it, the change is told', async () => {
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({
        version: CART_STORAGE_VERSION,
        state: {
          cartItems: [
            { id: 'ovo-pistache', quantity: 1, variant: DEFAULT_VARIANT, seenPrice: 13800 },
          ],
        },
      }),
    });
    const { store } = freshStore(storage);
    await store.persist.rehydrate();
    expect(store.getState().cartItems[0]).toMatchObject({ price: 19300, seenPrice: 13800 });
    expect(store.getState().cartTotal).toBe(19300);
    // The live read's price wins over the page's, and the price seen stays the first one.
    store.getState().applyLiveStock({ 'ovo-pistache': { stock: 5, forSale: true, price: 14590 } });
    expect(store.getState().cartItems[0]).toMatchObject({ price: 14590, seenPrice: 13800 });
    expect(store.getState().cartTotal).toBe(14590);
    store.getState().acknowledgePrices();
    expect(store.getState().cartItems[0]).toMatchObject({ price: 14590, seenPrice: 14590 });
  });

  it('does not read storage until rehydrate is called', async () => {
    const { store: first, storage } = freshStore();
    first.getState().addToCart('mini-ovo');
    const { store: second } = freshStore(storage);
    expect(second.getState().cartItems).toEqual([]);
    expect(second.persist.hasHydrated()).toBe(false);
    await second.persist.rehydrate();
    expect(second.persist.hasHydrated()).toBe(true);
    expect(second.getState().cartItems.map((item) => [item.id, item.quantity])).toEqual([
      ['mini-ovo', 1],
    ]);
    expect(second.getState().cartTotal).toBe(3500);
  });

  it('re-prices stored lines from the catalogue and drops unknown or invalid ones', async () => {
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({
        version: CART_STORAGE_VERSION,
        state: {
          cartItems: [
            { id: 'ovo-pistache', quantity: 2, variant: DEFAULT_VARIANT, price: 1 },
            { id: 'ovo-que-nao-existe', quantity: 1, variant: DEFAULT_VARIANT },
            { id: 'ovo-esgotado', quantity: 1, variant: DEFAULT_VARIANT },
            { id: 'mini-ovo', quantity: -3, variant: DEFAULT_VARIANT },
            { id: 'mini-ovo', quantity: 1.5, variant: DEFAULT_VARIANT },
            { id: 'mini-ovo', quantity: 1 },
            'garbage',
          ],
          cartTotal: 2,
        },
      }),
    });
    const { store } = freshStore(storage);
    await store.persist.rehydrate();
    expect(store.getState().cartItems).toEqual([
      {
        id: 'ovo-pistache',
        price: 19300,
        seenPrice: 19300,
        quantity: 2,
        bannerImage: '/images/products/ovo-pistache.svg',
        variant: DEFAULT_VARIANT,
      },
      {
        id: 'mini-ovo',
        price: 3500,
        seenPrice: 3500,
        quantity: 1,
        bannerImage: '/images/products/mini-ovo.svg',
        variant: DEFAULT_VARIANT,
      },
    ]);
    expect(store.getState().cartTotal).toBe(42100);
  });

  it('holds a stored cart to the limits the + button stops at (lib/orders/limits.ts)', async () => {
    const catalogueKeys = Object.keys(catalogue).filter(
      (id) => catalogue[id]?.purchasable && id !== 'mini-ovo' && id !== 'ovo-pistache',
    );
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({
        version: CART_STORAGE_VERSION,
        state: {
          cartItems: [
            { id: 'mini-ovo', quantity: 1_000_000_000, variant: DEFAULT_VARIANT },
            { id: 'mini-ovo', quantity: 3, variant: { key: 'other', name: 'Other' } },
            { id: 'ovo-pistache', quantity: Number.MAX_SAFE_INTEGER, variant: DEFAULT_VARIANT },
            ...catalogueKeys.map((id) => ({ id, quantity: 4, variant: DEFAULT_VARIANT })),
          ],
        },
      }),
    });
    const { store } = freshStore(storage);
    await store.persist.rehydrate();
    const lines = store.getState().cartItems.map((item) => [item.id, item.quantity]);
    // 5 per product across its variants, then 20 units in all.
    expect(lines.slice(0, 2)).toEqual([
      ['mini-ovo', HOLD_LIMITS.perProduct],
      ['ovo-pistache', HOLD_LIMITS.perProduct],
    ]);
    expect(cartQuantity(store.getState().cartItems)).toBe(HOLD_LIMITS.total);
    expect(store.getState().cartItems.length).toBeLessThanOrEqual(CHECKOUT_LIMITS.maxLines);
  });

  it('discards a cart stored under another version', async () => {
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({
        version: 0,
        state: { cartItems: [{ id: 'mini-ovo', quantity: 1, variant: DEFAULT_VARIANT }] },
      }),
    });
    const { store } = freshStore(storage);
    await store.persist.rehydrate();
    expect(store.getState().cartItems).toEqual([]);
  });

  describe('damaged storage', () => {
    let warn: jest.SpyInstance;
    beforeEach(() => {
      warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    });
    afterEach(() => warn.mockRestore());

    it.each([
      ['content that is not JSON', '{not json'],
      ['a state without cart lines', JSON.stringify({ state: { cart: 'x' } })],
      ['cart lines that are not a list', JSON.stringify({ state: { cartItems: 'x' }, version: 1 })],
      ['a bare value', '42'],
    ])('discards %s, logs it once and reports hydrated with an empty cart', async (_, raw) => {
      const storage = memoryStorage({ [CART_STORAGE_KEY]: raw });
      const { store } = freshStore(storage);
      const finished = jest.fn();
      store.persist.onFinishHydration(finished);
      await store.persist.rehydrate();
      expect(store.persist.hasHydrated()).toBe(true);
      expect(finished).toHaveBeenCalledTimes(1);
      expect(store.getState().cartItems).toEqual([]);
      expect(store.getState().cartTotal).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(storage.data[CART_STORAGE_KEY]).toBeUndefined();

      // The shop keeps working: the cart fills and is saved again.
      store.getState().addToCart('mini-ovo');
      expect(JSON.parse(storage.data[CART_STORAGE_KEY] ?? 'null').state.cartItems).toHaveLength(1);
      await store.persist.rehydrate();
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it('keeps the valid part of a cart holding a negative quantity', async () => {
      const storage = memoryStorage({
        [CART_STORAGE_KEY]: JSON.stringify({
          version: CART_STORAGE_VERSION,
          state: {
            cartItems: [
              { id: 'mini-ovo', quantity: -2, variant: DEFAULT_VARIANT },
              { id: 'ovo-pistache', quantity: 1, variant: DEFAULT_VARIANT },
            ],
          },
        }),
      });
      const { store } = freshStore(storage);
      await store.persist.rehydrate();
      expect(store.persist.hasHydrated()).toBe(true);
      expect(store.getState().cartItems.map((item) => [item.id, item.quantity])).toEqual([
        ['ovo-pistache', 1],
      ]);
      expect(store.getState().cartTotal).toBe(19300);
    });

    it('reads storage that throws as no cart and still reports hydrated', async () => {
      const storage: StateStorage = {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => undefined,
        removeItem: () => undefined,
      };
      const store = createCartStore(undefined, { catalogue, storage });
      await store.persist.rehydrate();
      expect(store.persist.hasHydrated()).toBe(true);
      expect(store.getState().cartItems).toEqual([]);
    });
  });
});

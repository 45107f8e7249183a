import {
  persist,
  type PersistStorage,
  type StateStorage,
  type StorageValue,
} from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { ORDER_ID_PATTERN } from '@/lib/orders/limits';
import { createOrderId } from '@/lib/orders/order-id';
import { applyLiveStock, canAddOne, type LineStock, type LiveStock } from '@/lib/cart/live-stock';
import { CHECKOUT_LIMITS, HOLD_LIMITS } from '@/lib/orders/limits';

export type CartVariant = { key: string; name: string };

/** 'default' is the variant of every product sold in one form only. */
export const DEFAULT_VARIANT: CartVariant = { key: 'default', name: 'default' };

export type CartItem = {
  /** The product key in the catalogue. */
  id: string;
  /** Unit price in centavos, always read from the catalogue. */
  price: number;
  /**
   * The unit price the shopper last saw for this line (kept with the cart); differs from `price`
   * when the catalogue's price changed since, which the checkout tells them.
   */
  seenPrice?: number;
  quantity: number;
  bannerImage: string;
  variant: CartVariant;
  /** The last live stock read for this product (GET /api/cart/stock); never persisted. */
  stockInfo?: LineStock;
};

export type CartState = {
  cartItems: CartItem[];
  /** Sum of price times quantity, recomputed on every change. */
  cartTotal: number;
  /**
   * The id this cart will be ordered under, new each time checkout starts. It lives in memory
   * here (a reload in the same tab takes it back from the tab's checkout draft,
   * lib/orders/checkout-draft.ts) and is kept after a failed attempt, so sending again can never
   * place the same cart twice; emptying the cart drops it.
   */
  orderId: string | null;
};

export type CartActions = {
  /** Adds one unit: increments the line of the same product and variant, or adds a new line. */
  addToCart: (id: string, variant?: CartVariant) => void;
  /** Removes one unit; a line that reaches 0 or less is removed. */
  decrementItem: (id: string, variantKey?: string) => void;
  removeItem: (id: string, variantKey?: string) => void;
  /** Empties the cart and forgets its order id. */
  clearCart: () => void;
  /**
   * Gives the cart a new order id and returns it: the only place an order id is created. With
   * `resume` (the id this tab's checkout showed before a reload) the cart takes that one back.
   */
  startCheckout: (resume?: string) => string;
  /** Caps the lines at the live stock, marks sold-out or withdrawn ones, takes its prices. */
  applyLiveStock: (live: LiveStock) => void;
  /** The shopper has seen the current prices: no line reports a change any more. */
  acknowledgePrices: () => void;
};

export type CartStore = CartState & CartActions;

/** What the cart needs from the catalogue for one product. */
export type CartCatalogueItem = { price: number; bannerImage: string; purchasable: boolean };
export type CartCatalogue = Readonly<Record<string, CartCatalogueItem | undefined>>;

export type CartStoreOptions = {
  catalogue: CartCatalogue;
  /** Where the cart is kept between visits; localStorage in the browser. */
  storage?: StateStorage;
};

export const CART_STORAGE_KEY = 'chocolates-tropicais-cart';
export const CART_STORAGE_VERSION = 1;

export const defaultCartState: CartState = { cartItems: [], cartTotal: 0, orderId: null };

type PersistedLine = { id: string; quantity: number; variant: CartVariant; seenPrice: number };
type PersistedCart = { cartItems: PersistedLine[] };

/** The total of the lines that can be checked out (sold-out or withdrawn ones do not count). */
export function computeCartTotal(items: readonly CartItem[]): number {
  return items.reduce(
    (sum, item) => (item.stockInfo?.blocked ? sum : sum + item.price * item.quantity),
    0,
  );
}

/**
 * The units the badge shows: of the lines that can be checked out only, as the total counts them
 * (a sold-out or withdrawn line stays listed, marked, but is not something the shopper will get).
 */
export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => (item.stockInfo?.blocked ? sum : sum + item.quantity), 0);
}

const sameLine = (item: CartItem, id: string, variantKey: string) =>
  item.id === id && item.variant.key === variantKey;

export function withTotal(cartItems: CartItem[]): Pick<CartState, 'cartItems' | 'cartTotal'> {
  return { cartItems, cartTotal: computeCartTotal(cartItems) };
}

function isVariant(value: unknown): value is CartVariant {
  if (typeof value !== 'object' || value === null) return false;
  const { key, name } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof name === 'string';
}

/**
 * Turns whatever was stored into cart lines priced from the catalogue now: a stored price is never
 * trusted, unknown or unpurchasable products are dropped, and so are nonsensical quantities. What
 * is left is held to what the + button could have reached (lib/orders/limits.ts: units per product
 * across its variants, units in all, lines), in cart order, so an edited or stale storage never
 * shows a count the cart itself would refuse (a badge of 1000000055).
 */
export function restoreCartItems(stored: unknown, catalogue: CartCatalogue): CartItem[] {
  if (!Array.isArray(stored)) return [];
  const items: CartItem[] = [];
  const perProduct = new Map<string, number>();
  let units = 0;
  for (const line of stored as unknown[]) {
    if (typeof line !== 'object' || line === null) continue;
    const { id, quantity: storedQuantity, variant, seenPrice } = line as Record<string, unknown>;
    if (typeof id !== 'string' || typeof storedQuantity !== 'number') continue;
    if (!Number.isSafeInteger(storedQuantity) || storedQuantity <= 0) continue;
    const product = catalogue[id];
    if (!product?.purchasable) continue;
    const held = perProduct.get(id) ?? 0;
    const quantity = Math.min(
      storedQuantity,
      HOLD_LIMITS.perProduct - held,
      HOLD_LIMITS.total - units,
    );
    if (quantity <= 0) continue;
    const lineVariant = isVariant(variant) ? variant : DEFAULT_VARIANT;
    const existing = items.find((item) => sameLine(item, id, lineVariant.key));
    if (!existing && items.length >= CHECKOUT_LIMITS.maxLines) continue;
    perProduct.set(id, held + quantity);
    units += quantity;
    if (existing) existing.quantity += quantity;
    else
      items.push({
        id,
        price: product.price,
        // The price shown when the line was last seen: the checkout tells of a change.
        seenPrice:
          Number.isSafeInteger(seenPrice) && (seenPrice as number) >= 0
            ? (seenPrice as number)
            : product.price,
        quantity,
        bannerImage: product.bannerImage,
        variant: { key: lineVariant.key, name: lineVariant.name },
      });
  }
  return items;
}

function isPersistedCart(value: unknown): value is StorageValue<PersistedCart> {
  if (typeof value !== 'object' || value === null) return false;
  const { state, version } = value as Record<string, unknown>;
  if (version !== undefined && typeof version !== 'number') return false;
  if (typeof state !== 'object' || state === null) return false;
  return Array.isArray((state as Record<string, unknown>).cartItems);
}

/**
 * The cart's storage, JSON in `storage`, that never fails a rehydration: content that does not
 * parse, or is not a cart (a `state.cartItems` array), is logged, removed and read as no cart.
 * Zustand's persist leaves the store "not hydrated" forever when reading throws, which kept the
 * cart panel and the checkout loading. Lines inside a valid cart are checked by restoreCartItems.
 */
export function safeCartStorage(
  getStorage: () => StateStorage,
): PersistStorage<PersistedCart> | undefined {
  let storage: StateStorage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  const read = (name: string, raw: string | null): StorageValue<PersistedCart> | null => {
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    if (isPersistedCart(value)) return value;
    console.warn('[cart] the saved cart could not be read and was discarded');
    try {
      void storage.removeItem(name);
    } catch {
      // Storage that cannot even be cleared is read as empty again next time.
    }
    return null;
  };
  return {
    getItem: (name) => {
      let raw: ReturnType<StateStorage['getItem']>;
      try {
        raw = storage.getItem(name);
      } catch {
        return null;
      }
      if (raw === null || typeof raw === 'string') return read(name, raw);
      return Promise.resolve(raw).then(
        (value) => read(name, value),
        () => null,
      );
    },
    setItem: (name, value) => storage.setItem(name, JSON.stringify(value)),
    removeItem: (name) => storage.removeItem(name),
  };
}

function browserStorage(): StateStorage {
  // Thrown errors make safeCartStorage report "no storage": nothing is persisted on the server.
  if (typeof window === 'undefined') throw new Error('localStorage exists only in the browser');
  return window.localStorage;
}

/** The cart store: a fresh one per provider (and per test), persisted under CART_STORAGE_KEY. */
export function createCartStore(
  initState: CartState = defaultCartState,
  { catalogue, storage }: CartStoreOptions,
) {
  return createStore<CartStore>()(
    persist(
      (set) => ({
        ...initState,
        addToCart: (id, variant = DEFAULT_VARIANT) =>
          set((state) => {
            const product = catalogue[id];
            if (!product?.purchasable) return state;
            // The + button stops at the units left at the last live read and at the fair-stock limits.
            if (!canAddOne(state.cartItems, id)) return state;
            const exists = state.cartItems.some((item) => sameLine(item, id, variant.key));
            const cartItems = exists
              ? state.cartItems.map((item) =>
                  sameLine(item, id, variant.key) ? { ...item, quantity: item.quantity + 1 } : item,
                )
              : [
                  ...state.cartItems,
                  {
                    id,
                    price: product.price,
                    seenPrice: product.price,
                    quantity: 1,
                    bannerImage: product.bannerImage,
                    variant,
                  },
                ];
            return withTotal(cartItems);
          }),
        decrementItem: (id, variantKey = DEFAULT_VARIANT.key) =>
          set((state) =>
            withTotal(
              state.cartItems
                .map((item) =>
                  sameLine(item, id, variantKey) ? { ...item, quantity: item.quantity - 1 } : item,
                )
                .filter((item) => item.quantity > 0),
            ),
          ),
        removeItem: (id, variantKey = DEFAULT_VARIANT.key) =>
          set((state) =>
            withTotal(state.cartItems.filter((item) => !sameLine(item, id, variantKey))),
          ),
        clearCart: () => set({ ...withTotal([]), orderId: null }),
        startCheckout: (resume) => {
          const orderId = resume && ORDER_ID_PATTERN.test(resume) ? resume : createOrderId();
          set({ orderId });
          return orderId;
        },
        applyLiveStock: (live) => set((state) => withTotal(applyLiveStock(state.cartItems, live))),
        acknowledgePrices: () =>
          set((state) => ({
            cartItems: state.cartItems.map((item) => ({ ...item, seenPrice: item.price })),
          })),
      }),
      {
        name: CART_STORAGE_KEY,
        version: CART_STORAGE_VERSION,
        storage: safeCartStorage(() => storage ?? browserStorage()),
        // The page renders an empty cart on the server; the provider rehydrates after mount so
        // the first client render matches the HTML.
        skipHydration: true,
        // What identifies the lines, and the price the shopper saw: prices and images are looked
        // up again on load, and a change of price is told at checkout.
        partialize: (state): PersistedCart => ({
          cartItems: state.cartItems.map(({ id, quantity, variant, price, seenPrice }) => ({
            id,
            quantity,
            variant,
            seenPrice: seenPrice ?? price,
          })),
        }),
        // No earlier format exists: anything stored under another version is discarded.
        migrate: () => ({ cartItems: [] }),
        merge: (persisted, current) => {
          const stored = (persisted as Partial<PersistedCart> | undefined)?.cartItems;
          return { ...current, ...withTotal(restoreCartItems(stored, catalogue)) };
        },
      },
    ),
  );
}

export type CartStoreApi = ReturnType<typeof createCartStore>;

/** The catalogue lookup the cart prices from, built from client catalogue entries. */
export function toCartCatalogue(
  entries: readonly { key: string; price: number; image: { src: string }; purchasable: boolean }[],
): CartCatalogue {
  return Object.fromEntries(
    entries.map((entry) => [
      entry.key,
      { price: entry.price, bannerImage: entry.image.src, purchasable: entry.purchasable },
    ]),
  );
}

import { createStore } from 'zustand/vanilla';
import type { ColorMode } from '@/lib/color-mode';
import type { AddLimit } from '@/lib/cart/live-stock';

/**
 * The slide-in panels. At most one is open: opening one closes the others, so two panels never
 * cover each other on a phone. (The control panel is a page, /control-panel, not a panel.)
 */
export type Panel = 'menu' | 'cart' | 'userTab';
export const PANELS: readonly Panel[] = ['menu', 'cart', 'userTab'];

/** Each panel's element id, for the aria-controls of the buttons that open it. */
export const PANEL_ID = {
  menu: 'site-menu',
  cart: 'cart-panel',
  userTab: 'user-tab',
} as const satisfies Record<Panel, string>;

export type UiState = {
  colorMode: ColorMode;
  /** The cookie banner may show (it also stays hidden once dismissed in an earlier visit). */
  cookiesOpen: boolean;
  menuOpen: boolean;
  cartOpen: boolean;
  /** The short "added to the shopping list" notice, the product it names and when it was added. */
  cartHelperOpen: boolean;
  cartHelperItem: string | null;
  cartHelperAddedAt: number;
  /** Set when the product was not added: what stopped it (the notice says so instead). */
  cartHelperLimit: AddLimit | null;
  userTabOpen: boolean;
  /**
   * Panels whose code was asked for: each panel's code loads on the first sign that it will be
   * opened (components/layout/lazy-panels.tsx), and stays loaded.
   */
  requestedPanels: Readonly<Record<Panel, boolean>>;
};

export type UiActions = {
  setColorMode: (mode: ColorMode) => void;
  setCookiesOpen: (open: boolean) => void;
  setCartHelperOpen: (open: boolean) => void;
  /** Shows the "added" notice for the product `key`, or why it was not added (`limit`). */
  showCartHelper: (key: string, limit?: AddLimit | null) => void;
  /** Starts loading `panel`'s code (a pointer over, focus on or touch of a button that opens it). */
  requestPanel: (panel: Panel) => void;
  /** Opens `panel` and closes every other panel. */
  openPanel: (panel: Panel) => void;
  closePanel: (panel: Panel) => void;
  /** Closes `panel` when it is open, otherwise opens it (closing the others). */
  togglePanel: (panel: Panel) => void;
  closePanels: () => void;
};

export type UiStore = UiState & UiActions;

const panelFlag = {
  menu: 'menuOpen',
  cart: 'cartOpen',
  userTab: 'userTabOpen',
} as const satisfies Record<Panel, keyof UiState>;

const allClosed = {
  menuOpen: false,
  cartOpen: false,
  cartHelperOpen: false,
  userTabOpen: false,
} satisfies Partial<UiState>;

export const defaultUiState: UiState = {
  // The server cannot know the visitor's mode: the provider syncs it from <html> after mount.
  colorMode: 'light',
  cookiesOpen: true,
  cartHelperItem: null,
  cartHelperAddedAt: 0,
  cartHelperLimit: null,
  requestedPanels: { menu: false, cart: false, userTab: false },
  ...allClosed,
};

export function isPanelOpen(state: UiState, panel: Panel): boolean {
  return state[panelFlag[panel]];
}

/** The interface store (panels, notices, color mode): a fresh one per provider and per test. */
export function createUiStore(initState: Partial<UiState> = {}) {
  return createStore<UiStore>()((set, get) => ({
    ...defaultUiState,
    ...initState,
    setColorMode: (colorMode) => set({ colorMode }),
    setCookiesOpen: (cookiesOpen) => set({ cookiesOpen }),
    setCartHelperOpen: (cartHelperOpen) => set({ cartHelperOpen }),
    showCartHelper: (key, limit = null) =>
      set({
        cartHelperOpen: true,
        cartHelperItem: key,
        cartHelperAddedAt: Date.now(),
        cartHelperLimit: limit,
      }),
    requestPanel: (panel) => {
      const requested = get().requestedPanels;
      if (!requested[panel]) set({ requestedPanels: { ...requested, [panel]: true } });
    },
    openPanel: (panel) => {
      get().requestPanel(panel);
      set({ ...allClosed, [panelFlag[panel]]: true });
    },
    closePanel: (panel) => set({ [panelFlag[panel]]: false }),
    togglePanel: (panel) => {
      if (isPanelOpen(get(), panel)) get().closePanel(panel);
      else get().openPanel(panel);
    },
    closePanels: () => set(allClosed),
  }));
}

export type UiStoreApi = ReturnType<typeof createUiStore>;

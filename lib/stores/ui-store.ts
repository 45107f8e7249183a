import { createStore } from 'zustand/vanilla';
import type { ColorMode } from '@/lib/color-mode';
import type { AppLocale } from '@/lib/i18n/locales';

/** The slide-in panels. At most one is open: opening one closes the others. */
export type Panel = 'menu' | 'cart' | 'userTab' | 'controlPanel';

export type ContentViewerMode = 'grid' | 'list';

export type UiState = {
  selectedLanguage: AppLocale;
  colorMode: ColorMode;
  contentViewerMode: ContentViewerMode;
  /** The current path without its locale prefix, e.g. '/chocolates/ovo-pistache'. */
  activePage: string;
  selectedSubpage: string | null;
  selectedItem: string | null;
  /** The cookie banner may show (it also stays hidden once dismissed in an earlier visit). */
  cookiesOpen: boolean;
  menuOpen: boolean;
  /** The menu search is showing results. */
  searchOpen: boolean;
  cartOpen: boolean;
  /** The short "added to the shopping list" notice, the product it names and when it was added. */
  cartHelperOpen: boolean;
  cartHelperItem: string | null;
  cartHelperAddedAt: number;
  userTabOpen: boolean;
  controlPanelOpen: boolean;
};

export type UiActions = {
  setSelectedLanguage: (locale: AppLocale) => void;
  setColorMode: (mode: ColorMode) => void;
  setContentViewerMode: (mode: ContentViewerMode) => void;
  setActivePage: (page: string) => void;
  setSelectedSubpage: (subpage: string | null) => void;
  setSelectedItem: (item: string | null) => void;
  setCookiesOpen: (open: boolean) => void;
  setSearchOpen: (open: boolean) => void;
  setCartHelperOpen: (open: boolean) => void;
  /** Shows the "added" notice for the product `key`. */
  showCartHelper: (key: string) => void;
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
  controlPanel: 'controlPanelOpen',
} as const satisfies Record<Panel, keyof UiState>;

const allClosed = {
  menuOpen: false,
  searchOpen: false,
  cartOpen: false,
  cartHelperOpen: false,
  userTabOpen: false,
  controlPanelOpen: false,
} satisfies Partial<UiState>;

export const defaultUiState: UiState = {
  selectedLanguage: 'pt-BR',
  // The server cannot know the visitor's mode: the provider syncs it from <html> after mount.
  colorMode: 'light',
  contentViewerMode: 'grid',
  activePage: '/',
  selectedSubpage: null,
  selectedItem: null,
  cookiesOpen: true,
  cartHelperItem: null,
  cartHelperAddedAt: 0,
  ...allClosed,
};

export function isPanelOpen(state: UiState, panel: Panel): boolean {
  return state[panelFlag[panel]];
}

/** The interface store (panels, language, color mode): a fresh one per provider and per test. */
export function createUiStore(initState: Partial<UiState> = {}) {
  return createStore<UiStore>()((set, get) => ({
    ...defaultUiState,
    ...initState,
    setSelectedLanguage: (selectedLanguage) => set({ selectedLanguage }),
    setColorMode: (colorMode) => set({ colorMode }),
    setContentViewerMode: (contentViewerMode) => set({ contentViewerMode }),
    setActivePage: (activePage) => set({ activePage }),
    setSelectedSubpage: (selectedSubpage) => set({ selectedSubpage }),
    setSelectedItem: (selectedItem) => set({ selectedItem }),
    setCookiesOpen: (cookiesOpen) => set({ cookiesOpen }),
    setSearchOpen: (searchOpen) => set({ searchOpen }),
    setCartHelperOpen: (cartHelperOpen) => set({ cartHelperOpen }),
    showCartHelper: (key) =>
      set({ cartHelperOpen: true, cartHelperItem: key, cartHelperAddedAt: Date.now() }),
    openPanel: (panel) => set({ ...allClosed, [panelFlag[panel]]: true }),
    closePanel: (panel) =>
      set(
        panel === 'menu' ? { menuOpen: false, searchOpen: false } : { [panelFlag[panel]]: false },
      ),
    togglePanel: (panel) => {
      if (isPanelOpen(get(), panel)) get().closePanel(panel);
      else get().openPanel(panel);
    },
    closePanels: () => set(allClosed),
  }));
}

export type UiStoreApi = ReturnType<typeof createUiStore>;

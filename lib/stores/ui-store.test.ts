import { createUiStore, isPanelOpen, type Panel } from './ui-store';

const panels: Panel[] = ['menu', 'cart', 'userTab'];
const openPanels = (store: ReturnType<typeof createUiStore>) =>
  panels.filter((panel) => isPanelOpen(store.getState(), panel));

describe('ui store', () => {
  it('starts with every panel closed and the cookie banner allowed', () => {
    const store = createUiStore();
    expect(openPanels(store)).toEqual([]);
    expect(store.getState().cookiesOpen).toBe(true);
    expect(store.getState().colorMode).toBe('light');
  });

  it.each(panels)('opening %s closes every other panel', (panel) => {
    const store = createUiStore();
    for (const other of panels) {
      store.getState().openPanel(other);
      store.getState().openPanel(panel);
      expect(openPanels(store)).toEqual([panel]);
    }
  });

  it('toggles a panel open and closed', () => {
    const store = createUiStore();
    store.getState().togglePanel('cart');
    expect(openPanels(store)).toEqual(['cart']);
    store.getState().togglePanel('userTab');
    expect(openPanels(store)).toEqual(['userTab']);
    store.getState().togglePanel('userTab');
    expect(openPanels(store)).toEqual([]);
  });

  it('closes all panels at once', () => {
    const store = createUiStore();
    store.getState().openPanel('menu');
    store.getState().closePanels();
    expect(openPanels(store)).toEqual([]);
  });

  it('asks for the code of a panel once, on intent or when it opens, and keeps it', () => {
    const store = createUiStore();
    expect(store.getState().requestedPanels).toEqual({ menu: false, cart: false, userTab: false });
    store.getState().requestPanel('cart');
    const requested = store.getState().requestedPanels;
    store.getState().requestPanel('cart');
    expect(store.getState().requestedPanels).toBe(requested);
    store.getState().openPanel('userTab');
    store.getState().closePanels();
    expect(store.getState().requestedPanels).toEqual({ menu: false, cart: true, userTab: true });
  });
});

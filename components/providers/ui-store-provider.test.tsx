/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { UiStoreProvider, useUiStoreApi } from '@/components/providers/ui-store-provider';
import type { UiStoreApi } from '@/lib/stores/ui-store';
import { stubMatchMedia } from '@/test/match-media';

let mockPathname = '/';
jest.mock('@/lib/i18n/navigation', () => ({ usePathname: () => mockPathname }));

let store: UiStoreApi | undefined;

/** Hands the provider's store to the test. */
function StoreProbe() {
  const api = useUiStoreApi();
  useEffect(() => {
    store = api;
  }, [api]);
  return null;
}

/**
 * Opens the cart in its mount effect, which React runs before its parent provider's effects: the
 * order in which a tap during hydration reaches the store.
 */
function OpensCartOnMount() {
  const api = useUiStoreApi();
  useEffect(() => api.getState().openPanel('cart'), [api]);
  return null;
}

describe('UiStoreProvider', () => {
  beforeAll(stubMatchMedia);

  beforeEach(() => {
    mockPathname = '/';
    store = undefined;
  });

  it('keeps a panel opened while the page mounts (a tap during hydration)', () => {
    render(
      <UiStoreProvider>
        <StoreProbe />
        <OpensCartOnMount />
      </UiStoreProvider>,
    );
    expect(store?.getState().cartOpen).toBe(true);
  });

  it('closes the open panel when the page changes, and not on a render of the same page', () => {
    const page = () => (
      <UiStoreProvider>
        <StoreProbe />
      </UiStoreProvider>
    );
    const { rerender } = render(page());
    act(() => store?.getState().openPanel('userTab'));
    rerender(page());
    expect(store?.getState().userTabOpen).toBe(true);

    mockPathname = '/chocolates/ovo-pistache';
    rerender(page());
    expect(store?.getState().userTabOpen).toBe(false);
  });
});

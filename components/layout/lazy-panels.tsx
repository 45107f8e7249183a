'use client';

import {
  NextIntlClientProvider,
  useLocale,
  useMessages,
  useTimeZone,
  type AbstractIntlMessages,
} from 'next-intl';
import {
  lazy,
  Suspense,
  use,
  useMemo,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { isPanelOpen, PANEL_ID, type Panel } from '@/lib/stores/ui-store';
import type { MenuPanelProps } from './menu-panel';

// The slide-in panels are code most visits never run: each loads as a chunk of its own, with the
// texts it needs (lib/i18n/client-messages.ts), on the first sign that it will be opened (the ui
// store's requestPanel, called on pointer over, focus or touch of the buttons that open it, see
// panel-intent.ts) or when something opens it. So neither the code nor the texts are in a page.
const loadedMessages = new Map<string, Promise<AbstractIntlMessages>>();

/** The texts of `panel` in `locale`, fetched once per document and language. */
function loadPanelMessages(panel: Panel, locale: string): Promise<AbstractIntlMessages> {
  const key = `${locale}/${panel}`;
  let loading = loadedMessages.get(key);
  if (!loading) {
    loading = fetch(`/api/messages/${key}`)
      .then((response) => {
        if (!response.ok) throw new Error(`GET /api/messages/${key} answered ${response.status}`);
        return response.json() as Promise<AbstractIntlMessages>;
      })
      .catch((error: unknown) => {
        // The panel still opens (texts show as their keys); it asks again when it renders after
        // a pause, not in a loop while the network is down.
        console.error('Loading the texts of a panel failed:', error);
        setTimeout(() => loadedMessages.delete(key), 10_000);
        return {};
      });
    loadedMessages.set(key, loading);
  }
  return loading;
}

function lazyPanel<P extends object>(panel: Panel, load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    // The texts start loading with the code; the component reads them for the locale it renders
    // in, since a language switch is a client-side navigation that keeps this module's state.
    void loadPanelMessages(panel, document.documentElement.lang);
    const Component = await load();
    function PanelWithTexts(props: P) {
      const pageMessages = useMessages();
      const locale = useLocale();
      const timeZone = useTimeZone();
      const messages = use(loadPanelMessages(panel, locale));
      const merged = useMemo(() => ({ ...pageMessages, ...messages }), [pageMessages, messages]);
      return (
        <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={merged}>
          <Component {...props} />
        </NextIntlClientProvider>
      );
    }
    return { default: PanelWithTexts };
  });
}

const MenuPanel = lazyPanel('menu', () => import('./menu-panel').then((m) => m.MenuPanel));
const CartPanel = lazyPanel('cart', () =>
  import('@/components/cart/cart-panel').then((m) => m.CartPanel),
);
const UserTab = lazyPanel('userTab', () =>
  import('@/components/user/user-tab').then((m) => m.UserTab),
);

type SlotProps = {
  panel: Panel;
  side: 'left' | 'right';
  /** Shown at the panel's side while it is open and its code is still on its way. */
  loadingLabel: string;
  children: ReactNode;
};

/**
 * Where a panel goes. Until its code is asked for, an empty element holds the panel's id (the
 * aria-controls of its buttons); a panel opened before its code arrived shows a loading notice.
 */
function PanelSlot({ panel, side, loadingLabel, children }: SlotProps) {
  const requested = useUiStore((store) => store.requestedPanels[panel]);
  const open = useUiStore((store) => isPanelOpen(store, panel));
  const placeholder = open ? (
    <div
      id={PANEL_ID[panel]}
      role="status"
      className={`fixed top-0 bottom-16 z-40 grid w-full place-items-center bg-cacao-50 text-cacao-700 shadow-2xl sm:max-w-sm dark:bg-cacao-950 dark:text-cacao-200 ${side === 'left' ? 'left-0 sm:rounded-r-2xl' : 'right-0 sm:rounded-l-2xl'}`}
    >
      {loadingLabel}
    </div>
  ) : (
    <div id={PANEL_ID[panel]} hidden />
  );
  if (!requested) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

export function MenuPanelSlot({
  loadingLabel,
  ...props
}: MenuPanelProps & { loadingLabel: string }) {
  return (
    <PanelSlot panel="menu" side="right" loadingLabel={loadingLabel}>
      <MenuPanel {...props} />
    </PanelSlot>
  );
}

export function CartPanelSlot({ loadingLabel }: { loadingLabel: string }) {
  return (
    <PanelSlot panel="cart" side="right" loadingLabel={loadingLabel}>
      <CartPanel />
    </PanelSlot>
  );
}

export function UserTabSlot({
  loadingLabel,
  ...props
}: ComponentProps<typeof UserTab> & { loadingLabel: string }) {
  return (
    <PanelSlot panel="userTab" side="left" loadingLabel={loadingLabel}>
      <UserTab {...props} />
    </PanelSlot>
  );
}

'use client';

import {
  NextIntlClientProvider,
  useLocale,
  useMessages,
  useTimeZone,
  type AbstractIntlMessages,
} from 'next-intl';
import {
  Component as ReactComponent,
  lazy,
  Suspense,
  use,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { messagesPath } from '@/lib/i18n/client-messages';
import { isPanelOpen, PANEL_ID, type Panel } from '@/lib/stores/ui-store';
import type { MenuPanelProps } from './menu-panel';

// The slide-in panels are code most visits never run: each loads as a chunk of its own, with the
// texts it needs (lib/i18n/client-messages.ts), on the first sign that it will be opened (the ui
// store's requestPanel, called on pointer over, focus or touch of the buttons that open it, see
// panel-intent.ts) or when something opens it. So neither the code nor the texts are in a page.
// Either can fail (a phone offline, a deployment that replaced this build): the panel's slot then
// says so and offers another try, and the page around it goes on working.

/** Why a panel could not load: `outdated` when this page's build is no longer served. */
class PanelLoadError extends Error {
  constructor(
    message: string,
    readonly outdated: boolean,
  ) {
    super(message);
    this.name = 'PanelLoadError';
  }
}

const loadedMessages = new Map<string, Promise<AbstractIntlMessages>>();
const failedMessages = new Set<string>();

/**
 * The texts of `panel` in `locale`, fetched once per document and language. A failed fetch stays
 * (React's `use` must find the same rejected promise to show the failure, or it would fetch again
 * and again) until the panel's retry forgets it (`forgetFailedMessages`).
 */
function loadPanelMessages(panel: Panel, locale: string): Promise<AbstractIntlMessages> {
  const key = `${locale}/${panel}`;
  let loading = loadedMessages.get(key);
  if (!loading) {
    const path = messagesPath(locale, panel);
    loading = fetch(path)
      .then((response) => {
        // 404: the server runs another build, whose texts would not fit this page's code.
        if (!response.ok) {
          throw new PanelLoadError(
            `GET ${path} answered ${response.status}`,
            response.status === 404,
          );
        }
        return response.json() as Promise<AbstractIntlMessages>;
      })
      .catch((error: unknown) => {
        failedMessages.add(key);
        throw error instanceof PanelLoadError
          ? error
          : new PanelLoadError(`GET ${path} failed: ${String(error)}`, false);
      });
    loadedMessages.set(key, loading);
  }
  return loading;
}

/** Whether a fetch of `panel`'s texts failed and has not been tried again yet. */
function hasFailedMessages(panel: Panel): boolean {
  return [...failedMessages].some((key) => key.endsWith(`/${panel}`));
}

/** Lets the next load of `panel` fetch again the texts whose fetch failed. */
function forgetFailedMessages(panel: Panel): void {
  for (const key of failedMessages) {
    if (key.endsWith(`/${panel}`)) {
      failedMessages.delete(key);
      loadedMessages.delete(key);
    }
  }
}

type PanelLoader<P> = {
  /** The panel's lazy component; the same one until `reset`. */
  get(): LazyExoticComponent<ComponentType<P>>;
  /**
   * Forgets a failed load (React.lazy keeps its first outcome) and failed texts, so the next `get`
   * tries both again.
   */
  reset(): void;
};

function lazyPanel<P extends object>(
  panel: Panel,
  load: () => Promise<ComponentType<P>>,
): PanelLoader<P> {
  const create = () =>
    lazy(async () => {
      // The texts start loading with the code; the component reads them for the locale it renders
      // in, since a language switch is a client-side navigation that keeps this module's state.
      const texts = loadPanelMessages(panel, document.documentElement.lang);
      // Its failure, if any, reaches the slot through `use` in PanelWithTexts (and below).
      texts.catch(() => undefined);
      let Component: ComponentType<P>;
      try {
        Component = await load();
      } catch (error) {
        // A deployment removes the chunks of the build before it, and with them this build's
        // texts (404): then only a reload helps, and the slot says so. The texts may have come
        // from a cache, so the server is asked again whether it still serves this build.
        const outdated = await fetch(messagesPath(document.documentElement.lang, panel), {
          cache: 'no-store',
        }).then(
          (response) => response.status === 404,
          () => false,
        );
        throw new PanelLoadError(`the code of the ${panel} panel: ${String(error)}`, outdated);
      }
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
  let current: LazyExoticComponent<ComponentType<P>> | null = null;
  return {
    get: () => (current ??= create()),
    reset: () => {
      current = null;
      forgetFailedMessages(panel);
    },
  };
}

const menuPanel = lazyPanel('menu', () => import('./menu-panel').then((m) => m.MenuPanel));
const cartPanel = lazyPanel('cart', () =>
  import('@/components/cart/cart-panel').then((m) => m.CartPanel),
);
const userTab = lazyPanel('userTab', () =>
  import('@/components/user/user-tab').then((m) => m.UserTab),
);

/** The slot's own texts: the panel's texts may be what failed, so they come from the page. */
export type PanelSlotLabels = {
  /** Shown at the panel's side while it is open and its code is still on its way. */
  loading: string;
  /** The code or texts did not arrive (offline, a server fault); 'retry' tries again. */
  failed: string;
  retry: string;
  /** This page's build is no longer served (a deployment); 'reload' loads the page again. */
  outdated: string;
  reload: string;
  close: string;
};

type BoundaryProps = {
  /** Whether the panel is open: opening it after a failure is a new try. */
  open: boolean;
  fallback: (error: unknown, retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
};

/** Catches a panel's failed load, so it stays in the slot instead of taking the page down. */
class PanelErrorBoundary extends ReactComponent<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  componentDidUpdate(previous: BoundaryProps) {
    // A load that failed while the panel was closed (asked for on intent), or one the visitor
    // closed and opens again: the opening tries again instead of showing the old failure.
    if (this.state.error && this.props.open && !previous.open) this.retry();
  }

  render() {
    const { error } = this.state;
    // Only a failed load is the slot's to explain; a bug in a panel goes on to the page's error
    // boundary (app/[locale]/error.tsx), not disguised as a connection problem.
    if (error && !(error instanceof PanelLoadError)) throw error;
    if (error) return this.props.fallback(error, this.retry);
    return this.props.children;
  }
}

type SlotProps<P> = {
  panel: Panel;
  side: 'left' | 'right';
  labels: PanelSlotLabels;
  loader: PanelLoader<P>;
  props: P;
};

/**
 * Where a panel goes. Until its code is asked for, an empty element holds the panel's id (the
 * aria-controls of its buttons); a panel opened before its code arrived shows a loading notice,
 * one whose code or texts failed shows why, with a button to try again.
 */
function PanelSlot<P extends object>({ panel, side, labels, loader, props }: SlotProps<P>) {
  const requested = useUiStore((store) => store.requestedPanels[panel]);
  const open = useUiStore((store) => isPanelOpen(store, panel));
  const closePanel = useUiStore((store) => store.closePanel);
  // A new try renders a new lazy component (and a fresh boundary).
  const [loaded, setLoaded] = useState(() => ({ Panel: loader.get(), attempt: 0 }));
  const retry = () => {
    loader.reset();
    setLoaded(({ attempt }) => ({ Panel: loader.get(), attempt: attempt + 1 }));
  };
  // Opening after a failed fetch of the texts (asked for on intent while offline) tries again at
  // once, even when the failure has not reached the boundary yet (the code still on its way).
  const [openSeen, setOpenSeen] = useState(open);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open && hasFailedMessages(panel)) retry();
  }
  const frame = (role: 'status' | 'alert' | undefined, content: ReactNode) => (
    <div
      id={PANEL_ID[panel]}
      role={role}
      className={`fixed top-0 bottom-16 z-40 grid w-full place-items-center bg-cacao-50 p-6 text-cacao-700 shadow-2xl sm:max-w-sm dark:bg-cacao-950 dark:text-cacao-200 ${side === 'left' ? 'left-0 sm:rounded-r-2xl' : 'right-0 sm:rounded-l-2xl'}`}
    >
      {content}
    </div>
  );
  const placeholder = open ? frame('status', labels.loading) : <div id={PANEL_ID[panel]} hidden />;
  if (!requested) return placeholder;

  const failed = (error: unknown, retry: () => void) => {
    if (!open) return <div id={PANEL_ID[panel]} hidden />;
    const outdated = error instanceof PanelLoadError && error.outdated;
    return frame(
      undefined,
      <div className="flex flex-col items-stretch gap-4" data-testid="panel-load-failed">
        <Notice tone="error" role="alert">
          {outdated ? labels.outdated : labels.failed}
        </Notice>
        <Button onClick={outdated ? () => window.location.reload() : retry}>
          {outdated ? labels.reload : labels.retry}
        </Button>
        <Button variant="secondary" onClick={() => closePanel(panel)}>
          {labels.close}
        </Button>
      </div>,
    );
  };
  const LoadedPanel = loaded.Panel;
  return (
    <PanelErrorBoundary key={loaded.attempt} open={open} fallback={failed} onRetry={retry}>
      <Suspense fallback={placeholder}>
        <LoadedPanel {...props} />
      </Suspense>
    </PanelErrorBoundary>
  );
}

export function MenuPanelSlot({
  slotLabels,
  ...props
}: MenuPanelProps & { slotLabels: PanelSlotLabels }) {
  return (
    <PanelSlot panel="menu" side="right" labels={slotLabels} loader={menuPanel} props={props} />
  );
}

export function CartPanelSlot({ slotLabels }: { slotLabels: PanelSlotLabels }) {
  return <PanelSlot panel="cart" side="right" labels={slotLabels} loader={cartPanel} props={{}} />;
}

type UserTabProps = ComponentProps<ReturnType<typeof userTab.get>>;

export function UserTabSlot({
  slotLabels,
  ...props
}: UserTabProps & { slotLabels: PanelSlotLabels }) {
  return (
    <PanelSlot panel="userTab" side="left" labels={slotLabels} loader={userTab} props={props} />
  );
}

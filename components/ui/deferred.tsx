'use client';

import { Activity, lazy, useEffect, useRef, type ComponentType, type RefObject } from 'react';

const PENDING_ATTRIBUTE = 'data-deferred-pending';

/** The last tap on a button of each island still waiting for its code, replayed once it is in. */
const heldTaps = new WeakMap<Element, HTMLElement>();

/**
 * Held taps: a tap on a button inside an island whose code has not come is kept (the button shows
 * aria-busy) rather than lost, since the server's markup there has no handler yet. A link still
 * navigates. Installed once, when the first island that asks for it is defined in the browser.
 */
let holding = false;
function holdTapsOnPendingIslands() {
  if (holding || typeof window === 'undefined') return;
  holding = true;
  // On window, before React's own listeners on the document.
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const island = target?.closest(`[${PENDING_ATTRIBUTE}]`);
      const button = target?.closest<HTMLElement>('button, summary, [role="button"]');
      if (!island || !button || !island.contains(button)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      heldTaps.get(island)?.removeAttribute('aria-busy');
      heldTaps.set(island, button);
      button.setAttribute('aria-busy', 'true');
    },
    true,
  );
}

/** Rendered after the island's component: its effect runs once the island has hydrated. */
function IslandReady({ island }: { island: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const element = island.current;
    if (!element) return;
    element.removeAttribute(PENDING_ATTRIBUTE);
    const button = heldTaps.get(element);
    heldTaps.delete(element);
    if (!button) return;
    button.removeAttribute('aria-busy');
    if (element.contains(button)) button.click();
  }, [island]);
  return null;
}

type Options<P> = {
  /**
   * Drawn when the code cannot load (offline, or a deployment replaced this build); without it
   * the page works on without the component.
   */
  failed?: ComponentType<P>;
  /**
   * Keep a tap on the island's buttons before its code has come and replay it after (the island
   * is then wrapped in a `display: contents` element).
   */
  holdTaps?: boolean;
};

/**
 * A client component as a chunk of its own, fetched as soon as this module runs (the page needs
 * it at once, but not in its first load). The server renders it in place; in the browser its
 * Activity boundary hydrates on its own once the code has come, and the server's markup stands
 * until then. An Activity rather than a Suspense boundary: React's server sends a Suspense
 * boundary's content of more than 500 bytes after the end of the page's markup, which then moved
 * what is under it after the first paint.
 *
 * Until it has hydrated, the server's markup does not answer a click by itself: a form there is a
 * React form action (React's own script in the page holds a submit and replays it, with what was
 * typed, once the form has hydrated), the markup has nothing to act on (a 'loading' line), or the
 * island holds taps (`holdTaps`).
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  { failed = () => null, holdTaps = false }: Options<P> = {},
) {
  // Before the code is asked for, so a tap is held from the moment it could be on its way.
  if (holdTaps) holdTapsOnPendingIslands();
  const loading: Promise<{ default: ComponentType<P> }> = load().then(
    (component) => ({ default: component }),
    (error: unknown) => {
      console.warn(`[${name}] code not loaded:`, error);
      return { default: failed };
    },
  );
  const Lazy = lazy(() => loading);
  function Deferred(props: P) {
    return (
      <Activity>
        <Lazy {...props} />
      </Activity>
    );
  }
  function DeferredHoldingTaps(props: P) {
    const island = useRef<HTMLDivElement>(null);
    return (
      <div ref={island} className="contents" {...{ [PENDING_ATTRIBUTE]: '' }}>
        <Activity>
          <Lazy {...props} />
          <IslandReady island={island} />
        </Activity>
      </div>
    );
  }
  return holdTaps ? DeferredHoldingTaps : Deferred;
}

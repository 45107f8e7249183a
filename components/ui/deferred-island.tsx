'use client';

import { Activity, useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { lazyCode } from './lazy-code';

const PENDING_ATTRIBUTE = 'data-island-pending';
const HELD_TARGETS =
  'button, summary, [role="button"], input[type="checkbox"], input[type="radio"]';

/** The last tap held in each island still waiting for its code. */
const heldTaps = new WeakMap<Element, HTMLElement>();

/**
 * A tap on a button (or a checkbox) inside an island whose code has not come is held, shown by
 * aria-busy, rather than lost on markup without handlers; a link still navigates. Installed once,
 * on window, so it runs before React's own listeners on the document. (React's development build
 * then reports the aria-busy as a hydration mismatch; the production build does not compare.)
 */
let holding = false;
function holdTapsOnPendingIslands() {
  if (holding || typeof window === 'undefined') return;
  holding = true;
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const island = target?.closest(`[${PENDING_ATTRIBUTE}]`);
      const control = target?.closest<HTMLElement>(HELD_TARGETS);
      if (!island || !control || !island.contains(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      heldTaps.get(island)?.removeAttribute('aria-busy');
      heldTaps.set(island, control);
      control.setAttribute('aria-busy', 'true');
    },
    true,
  );
}

const nativeValueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;

/**
 * What was typed or chosen in the island's fields before its code came is on the screen but not
 * in React's state (hydration keeps the field's value and its `defaultValue` holds the rendered
 * one): handed over as the change events React listens to, so the island's state has it.
 */
function handOverEarlyInput(island: Element) {
  for (const field of island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), textarea',
  )) {
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    // React notices a change only against the value it last saw: show it the rendered one first.
    field.value = field.defaultValue;
    nativeValueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of island.querySelectorAll('select')) {
    const chosen = select.selectedOptions[0];
    if (chosen && !chosen.defaultSelected)
      select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Rendered after the island's component: its effect runs once the island has hydrated. */
function IslandReady({ island }: { island: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const element = island.current;
    if (!element) return;
    element.removeAttribute(PENDING_ATTRIBUTE);
    handOverEarlyInput(element);
    const control = heldTaps.get(element);
    heldTaps.delete(element);
    if (!control) return;
    control.removeAttribute('aria-busy');
    // After the handed-over input has rendered, so the tap acts on it.
    const replay = setTimeout(() => {
      if (element.contains(control)) control.click();
    });
    return () => clearTimeout(replay);
  }, [island]);
  return null;
}

/**
 * A client component as a chunk of its own, like `deferred` (./deferred.tsx) but asked for when
 * first rendered, for an island whose server markup is the working component itself (a form, a
 * list with buttons): until its code has come, a tap on one of its buttons is held and replayed
 * after, and what was typed in its fields reaches its state. The island is wrapped in a
 * `display: contents` element.
 */
export function deferredIsland<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<P> = () => null,
) {
  // Before the code is asked for, so a tap is held from the moment it could be on its way.
  holdTapsOnPendingIslands();
  const Lazy = lazyCode(name, load, failed, true);
  function DeferredIsland(props: P) {
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
  return DeferredIsland;
}

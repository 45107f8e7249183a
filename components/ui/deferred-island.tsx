'use client';

import {
  Activity,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type RefObject,
} from 'react';
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
 * What was typed or chosen in the island's fields before the page's code ran (lockFields) is on
 * the screen but not in React's state (hydration keeps the field's value and its `defaultValue`
 * holds the rendered one): handed over as the change events React listens to.
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

const LOCKED_ATTRIBUTE = 'data-island-locked';
const LOCKABLE_FIELDS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, select';

/**
 * Once the page's own code runs, the island's fields take no input until the island's code has
 * come: an input event on a field of an island whose code is in but not yet hydrated makes React
 * hydrate it there and then, and take what was typed as the value it rendered, so the component
 * never hears of it. Text fields turn read-only, selects and file pickers disabled (a person sees
 * this for the moment the chunk takes; a browser test's fill waits for it).
 */
function lockFields(island: Element) {
  for (const field of island.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >(LOCKABLE_FIELDS)) {
    if (field.disabled) continue;
    if (field instanceof HTMLSelectElement || field.type === 'file') {
      field.disabled = true;
      field.setAttribute(LOCKED_ATTRIBUTE, 'disabled');
    } else if (!field.readOnly) {
      field.readOnly = true;
      field.setAttribute(LOCKED_ATTRIBUTE, 'readonly');
    }
  }
}

function unlockFields(island: Element) {
  for (const field of island.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >(`[${LOCKED_ATTRIBUTE}]`)) {
    if (field.getAttribute(LOCKED_ATTRIBUTE) === 'disabled') field.disabled = false;
    else if (!(field instanceof HTMLSelectElement)) field.readOnly = false;
    field.removeAttribute(LOCKED_ATTRIBUTE);
  }
}

/** Rendered after the island's component: its effect runs once the island has hydrated. */
function IslandReady({ island }: { island: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const element = island.current;
    if (!element) return;
    element.removeAttribute(PENDING_ATTRIBUTE);
    unlockFields(element);
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
 * after, its fields wait for it, and what was typed in them before reaches its state. The island
 * is wrapped in a `display: contents` element.
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
    // Before IslandReady's effect, which unlocks them, in the same commit or a later one.
    useLayoutEffect(() => {
      if (island.current?.hasAttribute(PENDING_ATTRIBUTE)) lockFields(island.current);
    }, []);
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

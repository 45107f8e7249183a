'use client';

import {
  Activity,
  lazy,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type RefObject,
} from 'react';

const PENDING_ATTRIBUTE = 'data-island-pending';
const HELD_TARGETS = 'button,summary,[role=button],[type=checkbox],[type=radio]';
const LOCKED_ATTRIBUTE = 'data-island-locked';
const FIELDS = 'input:not([type=hidden]),textarea,select';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const checkable = (field: Field): field is HTMLInputElement =>
  field.type === 'checkbox' || field.type === 'radio';

/**
 * The last tap held in each island still waiting for its code. (A render of the page that draws
 * the island anew before it hydrates drops the tap: the element it was made on is gone.)
 */
const heldTaps = new WeakMap<Element, HTMLElement>();

/**
 * A tap on a button (or a checkbox) inside an island whose code has not come is held, shown by
 * aria-busy, rather than lost on markup without handlers; a link still navigates. Installed once,
 * on window, so it runs before React's own listeners on the document.
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

/** What a field held before the page's code ran, where it differs from what the server drew. */
type EarlyInput = { field: Field; value: string; checked: boolean };

/**
 * The island's fields as the person left them before the page's code ran, then locked: an input
 * event on a field of an island whose code has come but has not hydrated makes React hydrate it
 * there and then and take what was typed as the value it rendered, so the component never hears
 * of it. Text fields turn read-only, selects and file pickers disabled, until the island has
 * hydrated (a person sees this for the moment the chunk takes; a browser test's fill waits for
 * it). React's development build reports these attributes, and a held tap's aria-busy, as a
 * hydration mismatch; the production build does not compare attributes.
 */
function recordAndLock(island: Element): EarlyInput[] {
  const early: EarlyInput[] = [];
  for (const field of island.querySelectorAll<Field>(FIELDS)) {
    const box = checkable(field);
    const changed = box
      ? field.checked !== field.defaultChecked
      : field instanceof HTMLSelectElement
        ? !field.selectedOptions[0]?.defaultSelected
        : field.value !== field.defaultValue;
    if (changed) {
      early.push({ field, value: field.value, checked: box && field.checked });
    }
    if (box || field.disabled) continue;
    if (field instanceof HTMLSelectElement || field.type === 'file') {
      field.disabled = true;
      field.setAttribute(LOCKED_ATTRIBUTE, 'disabled');
    } else if (!field.readOnly) {
      field.readOnly = true;
      field.setAttribute(LOCKED_ATTRIBUTE, 'readonly');
    }
  }
  return early;
}

function unlock(island: Element) {
  for (const field of island.querySelectorAll<Field>(`[${LOCKED_ATTRIBUTE}]`)) {
    if (field.getAttribute(LOCKED_ATTRIBUTE) === 'disabled') field.disabled = false;
    else if (!(field instanceof HTMLSelectElement)) field.readOnly = false;
    field.removeAttribute(LOCKED_ATTRIBUTE);
  }
}

const nativeValueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;

/**
 * Hands what was typed or chosen before the page's code ran to the hydrated island, as the events
 * React listens to: hydration keeps some of it on the screen (not in React's state) and puts back
 * the rendered value of others (a textarea), so it goes from what was recorded.
 */
function handOver(early: EarlyInput[]) {
  for (const { field, value, checked } of early) {
    if (!field.isConnected || field.type === 'file') continue;
    if (checkable(field)) {
      // Hydration keeps the box as it was left; React's state has it as drawn (defaultChecked).
      if (checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      // Hydration keeps the option chosen on the screen; React hears of it from a change.
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      // React notices a change only against the value it last saw: show it the rendered one first.
      field.value = field.defaultValue;
      nativeValueSetter(field)?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Rendered after the island's component: its effect runs once the island has hydrated. */
function IslandReady({
  island,
  early,
}: {
  island: RefObject<HTMLDivElement | null>;
  early: RefObject<EarlyInput[]>;
}) {
  useEffect(() => {
    const element = island.current;
    if (!element) return;
    element.removeAttribute(PENDING_ATTRIBUTE);
    unlock(element);
    handOver(early.current.splice(0));
    const control = heldTaps.get(element);
    if (!control) return;
    control.removeAttribute('aria-busy');
    // After the handed-over input has rendered, so the tap acts on it. Forgotten only once
    // replayed: a second run of this effect (React's development build runs it twice) replays it.
    const replay = setTimeout(() => {
      heldTaps.delete(element);
      if (element.contains(control)) control.click();
    });
    return () => clearTimeout(replay);
  }, [island, early]);
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
  // Asked for when first rendered, so that one module can define the islands of several pages.
  const Lazy = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn(`[${name}] code not loaded:`, error);
        return { default: failed };
      },
    ),
  );
  function DeferredIsland(props: P) {
    const island = useRef<HTMLDivElement>(null);
    const early = useRef<EarlyInput[]>([]);
    // Before IslandReady's effect, which unlocks the fields, in the same commit or a later one.
    useLayoutEffect(() => {
      if (island.current?.hasAttribute(PENDING_ATTRIBUTE)) {
        early.current = recordAndLock(island.current);
      }
    }, []);
    return (
      <div ref={island} className="contents" {...{ [PENDING_ATTRIBUTE]: '' }}>
        <Activity>
          <Lazy {...props} />
          <IslandReady island={island} early={early} />
        </Activity>
      </div>
    );
  }
  return DeferredIsland;
}

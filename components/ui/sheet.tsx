'use client';

import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { lockScroll } from '@/lib/dom/scroll-lock';

type Props = {
  /** Element id, for the aria-controls of the buttons that open the sheet. */
  id: string;
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** Pinned below the scrolling content (totals, actions). */
  footer?: ReactNode;
  /** Optional data-testid for the panel. */
  testId?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * The one slide-in panel (menu, shopping list, profile): a modal dialog that slides in from a side
 * in 0.5 s, stops above the footer bar (which stays usable, so its buttons can switch panels),
 * takes focus, keeps Tab inside, closes on Esc, on the backdrop and on any link inside, gives
 * focus back to the control that opened it, and keeps the page behind from scrolling.
 *
 * It stays mounted when closed (inert and hidden), so it can slide out as well as in.
 */
export function Sheet({
  id,
  open,
  onClose,
  side,
  title,
  closeLabel,
  children,
  footer,
  testId,
}: Props) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);
  const openerRef = useRef<HTMLElement | null>(null);

  // The control that opened the sheet, read before any effect moves focus: a panel whose code
  // arrives with its first opening mounts its content with the sheet, and the content's own
  // effects (which run before this component's) may already have focused something inside it
  // (components/layout/menu-search.tsx), which could not take focus back once closed.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    openerRef.current =
      active instanceof HTMLElement && !panelRef.current?.contains(active) ? active : null;
  }, [open]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const opener = openerRef.current;
    const first = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(panel)[0];
    (first ?? panel).focus({ preventScroll: true });
    const unlockScroll = lockScroll();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (!firstItem || !lastItem) {
        event.preventDefault();
        panel.focus({ preventScroll: true });
      } else if (!panel.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? lastItem : firstItem).focus();
      } else if (event.shiftKey && active === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlockScroll();
      // Give focus back unless the visitor already moved it elsewhere (e.g. clicked the footer
      // button of another panel, which then takes focus itself).
      const active = document.activeElement;
      const focusWasHere = !active || active === document.body || panel.contains(active);
      if (focusWasHere && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    // Following a link (even an in-page anchor) ends the visit to the panel.
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose();
  };

  const hiddenSide = side === 'left' ? '-translate-x-full' : 'translate-x-full';
  // Opening shows the panel at once (so it can take focus) and slides it in; closing slides it
  // out and hides it only when the slide ends.

  return (
    <>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-x-0 top-0 bottom-16 z-40 bg-cacao-950/50 transition-opacity duration-500 ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        inert={!open}
        data-state={open ? 'open' : 'closed'}
        data-testid={testId}
        onClick={onPanelClick}
        className={`fixed top-0 bottom-16 z-40 flex w-full flex-col bg-cacao-50 text-cacao-900 shadow-2xl duration-500 ease-out focus:outline-none sm:max-w-sm dark:bg-cacao-950 dark:text-cacao-50 ${side === 'left' ? 'left-0 sm:rounded-r-2xl' : 'right-0 sm:rounded-l-2xl'} ${open ? 'visible translate-x-0 transition-[translate]' : `invisible transition-[translate,visibility] ${hiddenSide}`}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-cacao-200 px-5 py-4 dark:border-cacao-800">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="grid size-10 place-items-center rounded-full hover:bg-cacao-100 dark:hover:bg-cacao-900"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
        {footer ? (
          <div className="border-t border-cacao-200 px-5 py-4 dark:border-cacao-800">{footer}</div>
        ) : null}
      </div>
    </>
  );
}

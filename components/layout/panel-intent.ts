'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import type { Panel } from '@/lib/stores/ui-store';

/**
 * Handlers for a button that opens `panel`: the first pointer over it, focus on it or touch of it
 * starts loading the panel's code (components/layout/lazy-panels.tsx), so the click that follows
 * finds it loaded and the panel slides in at once.
 */
export function usePanelIntent(panel: Panel) {
  const requestPanel = useUiStore((store) => store.requestPanel);
  const request = () => requestPanel(panel);
  return { onPointerEnter: request, onFocus: request, onTouchStart: request };
}

'use client';

import { useEffect, useRef } from 'react';

/** How often the live-update islands ask the server for changes. */
export const LIVE_POLL_INTERVAL_MS = 5000;

/**
 * Calls `poll` every `intervalMs` while `enabled` and the page is visible: right away when the
 * page becomes visible again, never while it is hidden (a background tab costs the server
 * nothing). A poll still running when the next one is due is not doubled.
 */
export function usePollWhileVisible(
  poll: (signal: AbortSignal) => Promise<void>,
  enabled: boolean,
  intervalMs: number = LIVE_POLL_INTERVAL_MS,
): void {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;

    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible' && !controller.signal.aborted) {
        timer = setTimeout(tick, intervalMs);
      }
    };
    const tick = () => {
      if (running || document.visibilityState !== 'visible') return;
      running = true;
      pollRef
        .current(controller.signal)
        .catch((cause: unknown) => {
          if (!controller.signal.aborted) console.error('Polling for changes failed:', cause);
        })
        .finally(() => {
          running = false;
          schedule();
        });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
      else clearTimeout(timer);
    };

    tick();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, intervalMs]);
}

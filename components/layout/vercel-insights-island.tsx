'use client';

import { lazy, Suspense, useEffect, useState } from 'react';

// A chunk of its own, fetched only once the page is interactive: measuring must never compete
// with the shop's first load. React's lazy rather than next/dynamic, whose loader code would be
// in every page's first load for this one island (it renders nothing on the server either way).
const VercelScripts = lazy(() => import('./vercel-scripts'));

// Safari before 18 has no requestIdleCallback.
type MaybeIdleWindow = {
  requestIdleCallback?: (callback: () => void) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Mounts Vercel's Analytics and Speed Insights after the load event, when the browser is idle. */
export function VercelInsightsIsland() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle: MaybeIdleWindow = window;
    let cancel = () => {};
    const whenIdle = () => {
      if (idle.requestIdleCallback) {
        const handle = idle.requestIdleCallback(() => setReady(true));
        cancel = () => idle.cancelIdleCallback?.(handle);
      } else {
        const timer = window.setTimeout(() => setReady(true), 1);
        cancel = () => window.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <VercelScripts />
    </Suspense>
  ) : null;
}

'use client';

import { Activity, lazy, type ComponentType } from 'react';

/**
 * A client component as a chunk of its own, fetched as soon as this module runs (the page needs
 * it at once, but not in its first load). The server renders it in place; in the browser its
 * Activity boundary hydrates on its own once the code has come, and the server's markup stands
 * until then. An Activity rather than a Suspense boundary: React's server sends a Suspense
 * boundary's content of more than 500 bytes after the end of the page's markup, which then moved
 * what is under it after the first paint.
 *
 * Until it has hydrated, the server's markup does not answer a click: a form there is a React form
 * action (React's own script in the page holds a submit and replays it, with what was typed, once
 * the form has hydrated), or the markup has nothing to act on (a 'loading' line). Where it does,
 * `deferredIsland` (./deferred-island.tsx) holds taps and typing until then.
 *
 * `failed` is drawn when the code cannot load (offline, or a deployment replaced this build);
 * without it the page works on without the component.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<P> = () => null,
) {
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
  return Deferred;
}

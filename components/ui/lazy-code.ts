import { lazy, type ComponentType } from 'react';

// Shared by ./deferred.tsx and ./deferred-island.tsx; a module of its own so an island's page
// does not also carry `deferred`.

/**
 * The component whose code `load` fetches, asked for now or, `whenRendered`, when it is first
 * rendered (so one module can define islands for several pages); `failed` if it cannot come.
 */
export function lazyCode<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<P>,
  whenRendered = false,
) {
  const loadOrFail = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn(`[${name}] code not loaded:`, error);
        return { default: failed };
      },
    );
  if (whenRendered) return lazy(loadOrFail);
  const loading = loadOrFail();
  return lazy(() => loading);
}

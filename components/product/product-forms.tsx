'use client';

import { Activity, lazy, useDeferredValue, type ComponentProps, type ComponentType } from 'react';

import { useUserStore } from '@/components/providers/user-store-provider';

/**
 * A product page's form as a chunk of its own, fetched as soon as the page's code runs (sold out
 * or not: the live read may say so later). The server renders the form in place; in the browser
 * its Activity boundary hydrates on its own once the code has come, and the server's markup stands
 * until then. An Activity rather than a Suspense boundary: React's server sends a Suspense
 * boundary's content of more than 500 bytes after the end of the page's markup, and the form then
 * moved what is under it after the first paint.
 *
 * Both forms are React form actions: a submit before the form has hydrated is held by React's own
 * script (in the page's markup) and replayed, with what was typed, once it has; no native submit,
 * nothing in the address. Their props come from the server but for the signed-in address, which
 * reaches a form still waiting for its code as a deferred update: that waits for the code, where
 * an urgent one would throw the server's markup, and what was typed in it, away.
 */
function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  const loading: Promise<{ default: ComponentType<P> }> = load().then(
    (component) => ({ default: component }),
    (error: unknown) => {
      // Offline, or a deployment replaced this build: the page works on without this form.
      console.warn(`[${name}] code not loaded:`, error);
      return { default: () => null };
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

type RestockAlertProps = ComponentProps<typeof import('./restock-alert').RestockAlert>;
type ShippingEstimateProps = ComponentProps<
  typeof import('@/components/delivery/shipping-estimate').ShippingEstimate
>;

const RestockAlert = deferred<RestockAlertProps>('avise-me', () =>
  import('./restock-alert').then((loaded) => loaded.RestockAlert),
);

/**
 * 'Avise-me quando chegar' (restock-alert.tsx), deferred. The signed-in shopper is read here:
 * the store's module in the form's chunk made the bundler split the chunk every page loads in two
 * (0.6 KB gz more on each page).
 */
export function DeferredRestockAlert(props: Omit<RestockAlertProps, 'signedInEmail'>) {
  const signedInEmail = useDeferredValue(useUserStore((store) => store.currentUser?.email ?? null));
  return <RestockAlert {...props} signedInEmail={signedInEmail} />;
}

/** 'Calcular frete' (components/delivery/shipping-estimate.tsx), deferred. */
export const DeferredShippingEstimate = deferred<ShippingEstimateProps>('frete', () =>
  import('@/components/delivery/shipping-estimate').then((loaded) => loaded.ShippingEstimate),
);

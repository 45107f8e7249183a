'use client';

import { useDeferredValue, type ComponentProps } from 'react';

import { useUserStore } from '@/components/providers/user-store-provider';
import { deferred } from '@/components/ui/deferred';

/*
 * A product page's forms are chunks of their own (components/ui/deferred.tsx), fetched as soon as
 * the page's code runs (sold out or not: the live read may say so later). Both are React form
 * actions, so a submit before they have hydrated is replayed with what was typed. Their props come
 * from the server but for the signed-in address, which reaches a form still waiting for its code
 * as a deferred update: that waits for the code, where an urgent one would throw the server's
 * markup, and what was typed in it, away.
 */
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

'use client';

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { Notice } from '@/components/ui/notice';

type CheckoutViewProps = ComponentProps<typeof import('./checkout-view').CheckoutView>;

type Props = CheckoutViewProps & {
  /** What the page says when the checkout's code cannot load, and its reload button. */
  loadFailed: { message: string; reload: string };
};

/** The checkout's code did not come (offline, or a deployment replaced this build). */
function CheckoutCodeFailed({ loadFailed }: Props) {
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <Notice tone="error" role="alert">
        {loadFailed.message}
      </Notice>
      <Button onClick={() => window.location.reload()}>{loadFailed.reload}</Button>
    </div>
  );
}

/**
 * The checkout island (checkout-view.tsx) as a chunk of its own, fetched as soon as the page's
 * code runs. Its server markup is the 'loading' line (the cart lives in the browser), so nothing
 * can be typed or tapped in it before the code has come.
 */
export const DeferredCheckoutView = deferred<Props>(
  'checkout',
  () => import('./checkout-view').then((loaded) => loaded.CheckoutView),
  CheckoutCodeFailed,
);

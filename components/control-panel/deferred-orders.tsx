'use client';

import type { ComponentProps } from 'react';
import { deferredIsland } from '@/components/ui/deferred-island';
import { IslandCodeFailed } from '@/components/ui/island-code-failed';

// The orders page's islands, as ./deferred-forms.tsx does for the panel's forms.

export const DeferredOrderStatusControls = deferredIsland<
  ComponentProps<typeof import('./status-editor').OrderStatusControls>
>(
  'order-status',
  () => import('./orders-islands-code').then((loaded) => loaded.OrderStatusControls),
  IslandCodeFailed,
);

// Without its code the list still works: nothing to say.
export const DeferredLiveOrders = deferredIsland<Record<string, never>>('live-orders', () =>
  import('./orders-islands-code').then((loaded) => loaded.LiveOrders),
);

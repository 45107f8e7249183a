'use client';

import type { ComponentProps } from 'react';
import { deferredIsland } from '@/components/ui/deferred-island';
import { IslandCodeFailed } from '@/components/ui/island-code-failed';

/*
 * The panel's forms as chunks of their own (components/ui/deferred-island.tsx): each page shows
 * its form from the server at once and takes taps and typing while its code comes, and its first
 * load stays within the shop's budget (docs/performance.md). Each is asked for when its page
 * renders it; the orders page's islands are in ./deferred-orders.tsx, so that page's first load
 * does not carry these loaders.
 */

export const DeferredStockForm = deferredIsland<
  ComponentProps<typeof import('./stock-form').StockForm>
>('stock-form', () => import('./stock-form').then((loaded) => loaded.StockForm), IslandCodeFailed);

export const DeferredDeliveryForm = deferredIsland<
  ComponentProps<typeof import('./delivery-form').DeliveryForm>
>(
  'delivery-form',
  () => import('./delivery-form').then((loaded) => loaded.DeliveryForm),
  IslandCodeFailed,
);

export const DeferredProductForm = deferredIsland<
  ComponentProps<typeof import('./product-editor/product-form').ProductForm>
>(
  'product-form',
  () => import('./product-editor/product-form').then((loaded) => loaded.ProductForm),
  IslandCodeFailed,
);

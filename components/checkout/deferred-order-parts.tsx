'use client';

import type { ComponentProps } from 'react';
import { deferredIsland } from '@/components/ui/deferred-island';
import { IslandCodeFailed } from '@/components/ui/island-code-failed';

/*
 * The order page's client parts as chunks of their own (components/ui/deferred-island.tsx): the
 * page shows them from the server at once, and a tap on 'Pix', 'Cartão' or 'Cancelar pedido' while
 * their code comes is held and replayed; the page's first load stays within the shop's budget
 * (docs/performance.md).
 */

export const DeferredPaymentPanel = deferredIsland<
  ComponentProps<typeof import('./payment-panel').PaymentPanel>
>(
  'payment',
  () => import('./payment-panel').then((loaded) => loaded.PaymentPanel),
  IslandCodeFailed,
);

export const DeferredOrderPageCancel = deferredIsland<
  ComponentProps<typeof import('./order-page-cancel').OrderPageCancel>
>(
  'order-cancel',
  () => import('./order-page-cancel').then((loaded) => loaded.OrderPageCancel),
  IslandCodeFailed,
);

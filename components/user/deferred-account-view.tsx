'use client';

import type { ComponentProps } from 'react';
import { deferredIsland } from '@/components/ui/deferred-island';
import { IslandCodeFailed } from '@/components/ui/island-code-failed';

type AccountViewProps = ComponentProps<typeof import('./account-view').AccountView>;

/**
 * The account of /usuario (account-view.tsx) as a chunk of its own, fetched as soon as the page
 * renders it. Its server markup shows the profile and the orders at once; a tap on one of its
 * buttons before the code has come is held and replayed once it has.
 */
export const DeferredAccountView = deferredIsland<AccountViewProps>(
  'account',
  () => import('./account-view').then((loaded) => loaded.AccountView),
  IslandCodeFailed,
);

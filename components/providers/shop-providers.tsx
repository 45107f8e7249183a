'use client';

import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';
import { toCartCatalogue } from '@/lib/stores/cart-store';
import { CartStoreProvider } from './cart-store-provider';
import { CatalogueProvider } from './catalogue-provider';
import { UiStoreProvider } from './ui-store-provider';
import { UserStoreProvider } from './user-store-provider';

type Props = { entries: CatalogueEntry[]; children: ReactNode };

/** Every client store of the shop, created once per page load, plus the localized catalogue. */
export function ShopProviders({ entries, children }: Props) {
  const [cartCatalogue] = useState(() => toCartCatalogue(entries));
  return (
    <CatalogueProvider entries={entries}>
      <UiStoreProvider>
        <UserStoreProvider>
          <CartStoreProvider catalogue={cartCatalogue}>{children}</CartStoreProvider>
        </UserStoreProvider>
      </UiStoreProvider>
    </CatalogueProvider>
  );
}

'use client';

import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';
import type { AppLocale } from '@/lib/i18n/routing';
import { toCartCatalogue } from '@/lib/stores/cart-store';
import { CartStoreProvider } from './cart-store-provider';
import { CatalogueProvider } from './catalogue-provider';
import { PaymentStoreProvider } from './payment-store-provider';
import { UiStoreProvider } from './ui-store-provider';
import { UserStoreProvider } from './user-store-provider';

type Props = { locale: AppLocale; entries: CatalogueEntry[]; children: ReactNode };

/** Every client store of the shop, created once per page load, plus the localized catalogue. */
export function ShopProviders({ locale, entries, children }: Props) {
  const [cartCatalogue] = useState(() => toCartCatalogue(entries));
  return (
    <CatalogueProvider entries={entries}>
      <UiStoreProvider locale={locale}>
        <UserStoreProvider>
          <PaymentStoreProvider>
            <CartStoreProvider catalogue={cartCatalogue}>{children}</CartStoreProvider>
          </PaymentStoreProvider>
        </UserStoreProvider>
      </UiStoreProvider>
    </CatalogueProvider>
  );
}

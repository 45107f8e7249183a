'use client';

import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';

const CatalogueContext = createContext<readonly CatalogueEntry[] | undefined>(undefined);

/** The catalogue in the page's language, as the cart, checkout and search see it. */
export function CatalogueProvider({
  entries,
  children,
}: {
  entries: readonly CatalogueEntry[];
  children: ReactNode;
}) {
  return <CatalogueContext value={entries}>{children}</CatalogueContext>;
}

export function useCatalogueEntries(): readonly CatalogueEntry[] {
  const entries = useContext(CatalogueContext);
  if (!entries) throw new Error('useCatalogueEntries must be used within CatalogueProvider');
  return entries;
}

export function useCatalogueEntry(key: string): CatalogueEntry | undefined {
  return useCatalogueEntries().find((entry) => entry.key === key);
}

'use client';

import { lazy, Suspense, useState } from 'react';

import { useLiveProduct } from '@/components/catalogue/use-live-catalogue';

// The form is code only a sold-out product needs: its own chunk, asked for when the product is
// (or, after the live read, turns out to be) sold out. A page made sold out renders it on the
// server; its markup stands until the chunk has come.
const RestockForm = lazy(() => import('./restock-form'));

/** 'Avise-me quando chegar' on a sold-out product (restock-form.tsx). */
export function RestockAlert({
  productKey,
  soldOutInPage,
}: {
  productKey: string;
  /** Sold out when the page was made (it may be up to a minute old: the live read wins). */
  soldOutInPage: boolean;
}) {
  const live = useLiveProduct(productKey);
  const soldOut = live ? live.forSale && live.stock <= 0 : soldOutInPage;
  // Once shown it stays mounted: its answer ('done') outlives a later read of the product back.
  const [shown, setShown] = useState(soldOut);
  if (soldOut && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RestockForm productKey={productKey} soldOut={soldOut} />
    </Suspense>
  );
}

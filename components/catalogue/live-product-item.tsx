'use client';

import type { ReactNode } from 'react';
import { useLiveProduct } from './use-live-catalogue';

/**
 * A list item of the landing's product cards that leaves the page when the live read (once per
 * page view) says the product was hidden from the shop after the page was rendered.
 */
export function LiveProductItem({
  productKey,
  children,
}: {
  productKey: string;
  children: ReactNode;
}) {
  const live = useLiveProduct(productKey);
  return <li hidden={live?.hidden === true}>{children}</li>;
}

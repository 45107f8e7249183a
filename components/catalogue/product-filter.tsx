'use client';

import { useEffect, useState, type ReactNode } from 'react';
import {
  isProductFilter,
  PRODUCT_FILTER_LINK,
  PRODUCT_FILTERS,
  type ProductFilter as Filter,
} from '@/lib/catalogue/filters';

type Props = {
  labels: { group: string; all: string; organic: string; status: string };
  children: ReactNode;
};

/**
 * The products section's filter: all products, or the organic line only. The list stays the
 * server-rendered one; the choice is an attribute on its wrapper, and app/globals.css hides the
 * items marked data-organic="false" (and the groups left without an organic one), so the page
 * carries each card once and no product data.
 */
export function ProductFilter({ labels, children }: Props) {
  const [filter, setFilter] = useState<Filter>('all');
  // A link elsewhere on the page carrying PRODUCT_FILTER_LINK (the organic section's) sets the
  // filter as it jumps here.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link =
        event.target instanceof Element ? event.target.closest(`[${PRODUCT_FILTER_LINK}]`) : null;
      const value = link?.getAttribute(PRODUCT_FILTER_LINK);
      if (isProductFilter(value)) setFilter(value);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return (
    <>
      <div role="group" aria-label={labels.group} className="mb-8 flex justify-center gap-2">
        {PRODUCT_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
            className="toggle-pill"
          >
            {labels[option]}
          </button>
        ))}
      </div>
      <p role="status" className="sr-only">
        {filter === 'organic' ? labels.status : ''}
      </p>
      <div data-product-filter={filter}>{children}</div>
    </>
  );
}

'use client';

import {
  getAvailability,
  LOW_STOCK_THRESHOLD,
  type Availability,
} from '@/lib/catalogue/availability';
import { useLiveProduct } from './use-live-catalogue';

type Props = {
  productKey: string;
  /** What the page was rendered with. */
  availability: Availability;
  labels: {
    inStock: string;
    /** 'Last units' for 1 up to LOW_STOCK_THRESHOLD units, by count - 1. */
    lowStock: string[];
    outOfStock: string;
    unavailable: string;
  };
  /** The text rendered with the page, kept until the live read says otherwise. */
  children: string;
};

/**
 * A product page's availability line: the server's text until the live read (on each page view)
 * answers, then what it says. Same element and one line of text either way: no layout shift.
 */
export function LiveAvailability({ productKey, availability, labels, children }: Props) {
  const live = useLiveProduct(productKey);
  const now = live ? getAvailability({ availableForSale: live.forSale }, live.stock) : availability;
  const text = !live
    ? children
    : {
        'in-stock': labels.inStock,
        'low-stock':
          labels.lowStock[Math.min(Math.max(live.stock, 1), LOW_STOCK_THRESHOLD) - 1] ?? '',
        'out-of-stock': labels.outOfStock,
        unavailable: labels.unavailable,
      }[now];
  return (
    <dd
      data-testid="availability"
      className={
        now === 'in-stock' || now === 'low-stock'
          ? 'font-semibold text-leaf'
          : 'font-semibold text-red-700 dark:text-red-400'
      }
    >
      {text}
    </dd>
  );
}

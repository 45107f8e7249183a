import { PRODUCT_KEY_PATTERN } from '@/lib/catalogue/product';

import { CHECKOUT_LIMITS } from './limits';

// The cart lines of a delivery quote or a coupon check, bounded as an order's are. Pure: whether
// a key names a product is for the catalogue's repository to say (lib/delivery/quote.ts).

/** Cart lines as 'key:quantity' pairs; null when one is malformed or out of bounds. */
export function parseQuoteLines(raw: string): { key: string; quantity: number }[] | null {
  const pairs = raw.split(',').filter(Boolean);
  if (pairs.length === 0 || pairs.length > CHECKOUT_LIMITS.maxLines) return null;
  const lines: { key: string; quantity: number }[] = [];
  for (const pair of pairs) {
    const [key = '', count = ''] = pair.split(':');
    const quantity = Number(count);
    if (!PRODUCT_KEY_PATTERN.test(key) || !Number.isInteger(quantity)) return null;
    if (quantity < 1 || quantity > CHECKOUT_LIMITS.maxQuantity) return null;
    lines.push({ key, quantity });
  }
  return lines;
}

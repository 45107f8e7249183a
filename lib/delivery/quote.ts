import 'server-only';

import { toProduct } from '@/lib/catalogue/product';
import type { Product, ProductRecord } from '@/lib/catalogue/types';
import type { MemberPricing } from '@/lib/club/perks';

import { receivingTerms } from './plan';
import { countDeliverySlots, currentDeliveryTable } from './repository';
import { offeredDays } from './table';
import type { DeliveryQuoteAnswer } from './types';

// The checkout's quote (GET /api/delivery/quote): the fee and the days for a CEP and a cart,
// decided by the same rules placing the order applies (./plan.ts). Only a preview: the order's
// own fee and day are decided again on the server when it is placed.

/** The lines with their products from `records` (the shop's); null when a key names none. */
export function productLines(
  lines: readonly { key: string; quantity: number }[],
  records: readonly ProductRecord[],
): { product: Product; quantity: number }[] | null {
  const priced = lines.map(({ key, quantity }) => {
    const record = records.find((candidate) => candidate.key === key);
    return record ? { product: toProduct(record), quantity } : null;
  });
  return priced.every((line) => line !== null) ? priced : null;
}

export async function quoteDelivery(
  request: {
    shippingOption: 'Entrega' | 'Retirada';
    cep: string;
    lines: readonly { product: Pick<Product, 'price'>; quantity: number }[];
  },
  /** A signed-in club member's pricing (lib/club/checkout.ts), as placing the order applies it. */
  member: Pick<MemberPricing, 'discount' | 'freeDelivery'> = { discount: 0, freeDelivery: false },
): Promise<DeliveryQuoteAnswer> {
  const subtotal =
    request.lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0) -
    member.discount;
  const table = await currentDeliveryTable();
  const terms = table
    ? receivingTerms(
        { shippingOption: request.shippingOption, postalCode: request.cep },
        subtotal,
        table,
        { freeDelivery: member.freeDelivery },
      )
    : null;
  if (!table || !terms?.ok) {
    return {
      configured: table !== null,
      outside: terms !== null,
      fee: 0,
      subtotal,
      total: subtotal,
      region: null,
      days: [],
    };
  }
  const days = offeredDays(table, terms.leadDays);
  const counts = await countDeliverySlots(days);
  const { fee } = terms;
  return {
    configured: true,
    outside: false,
    fee,
    subtotal,
    total: subtotal + fee,
    region: terms.region,
    days: days.map((day) => ({ day, full: (counts.get(day) ?? 0) >= table.dailyCapacity })),
  };
}

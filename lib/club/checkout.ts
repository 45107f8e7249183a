import 'server-only';

import type { Product } from '@/lib/catalogue';
import type { PublicUser } from '@/lib/users/types';

import { memberPricing, type MemberPricing } from './perks';
import { getMembership } from './repository';

// The club at checkout, on the server: the order's lines priced for the shopper's membership as
// stored (never anything the request says). Read only for a member: the user record's isMember
// is written in the same transaction as the membership's state (./repository.ts).

/** The member pricing of `lines` for `user`; no discount for a shopper who is not a member. */
export async function memberPricingFor(
  user: Pick<PublicUser, 'uid' | 'isMember'>,
  lines: readonly { product: Pick<Product, 'category' | 'price'>; quantity: number }[],
): Promise<MemberPricing> {
  const membership = user.isMember ? await getMembership(user.uid) : null;
  return memberPricing(
    lines.map(({ product, quantity }) => ({
      category: product.category,
      unitPrice: product.price,
      quantity,
    })),
    membership,
  );
}

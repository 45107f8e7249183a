import type { Address } from '@/lib/users/types';
import type { Order } from '@/lib/orders/types';
import { AdminLink } from './admin-link';
import { LogoutButton } from './logout-button';
import { OrdersList } from './orders-list';
import { ProfileCard, type ProfileUser } from './profile-card';
import { ProfileForm } from './profile-form';

type Props = {
  user: ProfileUser & { address?: Address | null };
  isAdmin: boolean;
  /** Orders read by the server with the page; without them the list fetches its own. */
  orders?: Order[];
  /** Whether the orders may be fetched now (the user tab is open). */
  ordersActive?: boolean;
  /** h2 sections on /usuario (under its h1), h3 in the user tab (under 'Perfil'). */
  headingLevel?: 2 | 3;
  /** The orders section's id on /usuario, where 'Ver meus pedidos' lands. */
  ordersAnchor?: string;
};

/**
 * What a signed-in user sees, in the user tab and on /usuario: profile, details and address,
 * orders.
 */
export function AccountView({
  user,
  isAdmin,
  orders,
  ordersActive,
  headingLevel = 3,
  ordersAnchor,
}: Props) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileCard user={user} headingLevel={headingLevel} />
      {isAdmin ? <AdminLink /> : null}
      {/* A user without a record yet (it is written on first sign-in) shows 'not filled in'. */}
      <ProfileForm user={user} headingLevel={headingLevel} />
      <OrdersList
        initialOrders={orders}
        active={ordersActive}
        headingLevel={headingLevel}
        anchorId={ordersAnchor}
      />
      <LogoutButton />
    </div>
  );
}

import 'server-only';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { readSession } from '@/lib/session/session';

import { getOrderForViewer } from './repository/reads';
import type { PlacedOrder } from './types';

/** What the order page may show for `orderId`, as seen by the current session. */
export type MyPlacedOrder = { signedIn: false } | { signedIn: true; order: PlacedOrder | null };

/**
 * The signed-in user's order `orderId` (any order for an admin; null: unknown id or someone
 * else's), or `signedIn: false` so the page can offer the sign-in. Throws when the session or the
 * order cannot be read within the backend deadline (SessionUnavailableError,
 * DeadlineExceededError, Firestore's error), so a backend fault is never shown as 'signed out'
 * or 'not found'.
 */
export async function getMyPlacedOrder(orderId: string): Promise<MyPlacedOrder> {
  const session = await readSession();
  if (session.status !== 'signed-in') return { signedIn: false };
  const { uid, isAdmin } = session.user;
  const order = await withDeadline(
    getOrderForViewer(orderId, { uid, isAdmin }),
    backendDeadlineMs(),
    'the order page',
  );
  return { signedIn: true, order };
}

'use server';

import { getSessionUid } from '@/lib/session/session';

import { listOrdersByClient } from './repository';
import type { Order } from './types';

export type GetMyOrdersResult =
  { ok: true; orders: Order[] } | { ok: false; error: 'unauthenticated' };

/** The signed-in user's orders, newest first; 'unauthenticated' without a valid session. */
export async function getMyOrders(): Promise<GetMyOrdersResult> {
  const uid = await getSessionUid();
  if (!uid) return { ok: false, error: 'unauthenticated' };
  return { ok: true, orders: await listOrdersByClient(uid) };
}

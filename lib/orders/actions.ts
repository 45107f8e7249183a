'use server';

import { getSessionUid } from '@/lib/session/session';

import type { PlaceOrderResult, RetryPaymentResult } from './checkout-result';
import { expireDueOrdersLazily } from './expiry';
import { placeOrder as placeOrderForSession, retryOrderPayment } from './place-order';
import { listOrdersForUser } from './repository';
import type { Order } from './types';

// The orders' Server Actions: the only order functions the browser can call.

export type GetMyOrdersResult =
  { ok: true; orders: Order[] } | { ok: false; error: 'unauthenticated' };

/** The signed-in user's orders, newest first; 'unauthenticated' without a valid session. */
export async function getMyOrders(): Promise<GetMyOrdersResult> {
  const uid = await getSessionUid();
  if (!uid) return { ok: false, error: 'unauthenticated' };
  // An unpaid order past its deadline is listed as cancelled, not as waiting for payment.
  await expireDueOrdersLazily();
  return { ok: true, orders: await listOrdersForUser(uid) };
}

/**
 * Places the signed-in user's order from the checkout form (a CheckoutInput); see
 * lib/orders/place-order.ts for the rules. Never throws.
 */
export async function placeOrder(input: unknown): Promise<PlaceOrderResult> {
  return placeOrderForSession(input);
}

/** A fresh Mercado Pago preference for the signed-in user's unpaid order. Never throws. */
export async function retryPayment(orderID: unknown): Promise<RetryPaymentResult> {
  return retryOrderPayment(orderID);
}

'use server';

import { getMercadoPagoPublicKey } from '@/lib/payments/mercadopago';
import { getSessionUid } from '@/lib/session/session';

import type { RetryPaymentResult } from './checkout-result';
import { expireDueOrdersLazily } from './expiry';
import { retryOrderPayment } from './order-payment';
import { listOrdersForUser } from './repository/reads';
import type { Order } from './types';

// The orders' Server Actions. Placing an order is not one of them: it is POST /api/orders
// (app/api/orders/route.ts), so that its refusals carry HTTP statuses (429, 503).

export type GetMyOrdersResult =
  { ok: true; orders: Order[] } | { ok: false; error: 'unauthenticated' };

/** The signed-in user's orders, newest first; 'unauthenticated' without a valid session. */
export async function getMyOrders(): Promise<GetMyOrdersResult> {
  const uid = await getSessionUid();
  if (!uid) return { ok: false, error: 'unauthenticated' };
  // An unpaid order past its deadline is listed as cancelled, not as waiting for payment.
  await expireDueOrdersLazily();
  const onlinePayment = getMercadoPagoPublicKey() !== null;
  return { ok: true, orders: await listOrdersForUser(uid, { onlinePayment }) };
}

/** A fresh Mercado Pago preference for the signed-in user's unpaid order. Never throws. */
export async function retryPayment(orderId: unknown): Promise<RetryPaymentResult> {
  return retryOrderPayment(orderId);
}

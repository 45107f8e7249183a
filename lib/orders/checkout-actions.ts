'use server';

import type { PlaceOrderResult, RetryPaymentResult } from './checkout-validation';
import { placeOrder as placeOrderOnServer, retryOrderPayment } from './place-order';

/**
 * Places the signed-in user's order from the checkout form (a CheckoutInput); see
 * lib/orders/place-order.ts for the rules. Never throws.
 */
export async function placeOrder(input: unknown): Promise<PlaceOrderResult> {
  return placeOrderOnServer(input);
}

/** A fresh Mercado Pago preference for the signed-in user's unpaid order. Never throws. */
export async function retryPayment(orderID: unknown): Promise<RetryPaymentResult> {
  return retryOrderPayment(orderID);
}

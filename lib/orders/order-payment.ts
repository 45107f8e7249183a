import 'server-only';

import { getSessionUser } from '@/lib/session/session';
import { startActionLog, type RequestLog } from '@/lib/log';
import {
  createPreference,
  getMercadoPagoConfig,
  MercadoPagoError,
  type Preference,
} from '@/lib/payments/mercadopago';
import type { CheckoutPayment } from '@/lib/payments/types';

import type { RetryPaymentResult } from './checkout-result';
import { paymentDeadline } from './expiry';
import { ORDER_ID_PATTERN } from './limits';
import { onlinePaymentItems } from './online-payment';
import { getOrder } from './repository/reads';
import type { StoredOrder } from './repository/stored';
import { recordPaymentError, recordPreference } from './repository/writes';

// An order's Mercado Pago preference: made when it is placed (lib/orders/place-order.ts), again
// on the shopper's retry. Prices come from the stored order, never from the request.

function isSettled(order: StoredOrder): boolean {
  return order.status.confirmed || order.status.cancelled;
}

/**
 * Creates a preference for a stored order and records it; on failure records status 'error'.
 * `attempt` 0 is the first preference, whose idempotency key is the order id itself.
 */
async function createAndStorePreference(
  order: StoredOrder,
  attempt: number,
  log: RequestLog,
): Promise<Preference | null> {
  const { orderId } = order;
  try {
    // An order placed online holds its stock until its payment deadline; one placed by hand and
    // paid online later gets a payment deadline of its own, not the longer manual hold.
    const expiresAt =
      order.payment.provider === 'mercadopago' && order.expiresAt
        ? order.expiresAt
        : paymentDeadline();
    const preference = await createPreference({
      orderId,
      locale: order.locale,
      // The products and the delivery fee (lib/orders/online-payment.ts).
      items: onlinePaymentItems(order),
      payerEmail: order.customer.email || undefined,
      idempotencyKey: attempt === 0 ? orderId : `${orderId}-retry-${attempt}`,
      expiresAt,
    });
    await recordPreference(orderId, preference, attempt, expiresAt);
    return preference;
  } catch (error) {
    const reason = error instanceof MercadoPagoError ? error.message : (error as Error)?.name;
    log.event('payment.preference_failed', { orderId, reason }, 'error');
    await recordPaymentError(orderId).catch((updateError: unknown) =>
      log.error(updateError, { during: 'record-payment-error', orderId }),
    );
    return null;
  }
}

/** How the shopper pays for a placed (or replayed) order; makes the preference when missing. */
export async function paymentFor(order: StoredOrder, log: RequestLog): Promise<CheckoutPayment> {
  const { payment } = order;
  if (payment.provider !== 'mercadopago') return { mode: 'manual' };
  if (payment.preferenceId !== null && payment.initPoint !== null) {
    return {
      mode: 'mercadopago',
      preferenceId: payment.preferenceId,
      initPoint: payment.initPoint,
    };
  }
  // A replay while the first call is still creating the preference gets the same one back:
  // the first attempt's idempotency key is the order id.
  if (!getMercadoPagoConfig() || isSettled(order)) return { mode: 'manual', paymentError: true };
  const preference = await createAndStorePreference(order, 0, log);
  return preference
    ? { mode: 'mercadopago', ...preference }
    : { mode: 'manual', paymentError: true };
}

/**
 * Makes a fresh Mercado Pago preference for the signed-in user's unpaid order (an expired Pix, a
 * failed first attempt). 'not-payable' when the order is paid or cancelled; never throws.
 */
export async function retryOrderPayment(orderId: unknown): Promise<RetryPaymentResult> {
  const log = await startActionLog();
  try {
    const user = await getSessionUser();
    if (!user) return { ok: false, error: 'unauthenticated' };
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) {
      return { ok: false, error: 'invalid', issues: ['orderId: invalid'] };
    }
    const order = await getOrder(orderId);
    if (!order || order.clientRef !== user.uid) {
      return { ok: false, error: 'invalid', issues: ['orderId: not available'] };
    }
    const { status } = order.payment;
    if (isSettled(order) || status === 'approved' || status === 'cancelled') {
      return { ok: false, error: 'not-payable' };
    }
    if (!getMercadoPagoConfig()) return { ok: false, error: 'payment-unavailable' };
    const preference = await createAndStorePreference(
      order,
      Math.max(1, order.paymentAttempts),
      log,
    );
    if (!preference) return { ok: false, error: 'payment-unavailable' };
    return { ok: true, orderId, payment: { mode: 'mercadopago', ...preference } };
  } catch (error) {
    log.error(error, { during: 'retry-payment' });
    return { ok: false, error: 'server-error' };
  }
}

// Whether an order still waits for its online payment, pure: the order's page offers Mercado
// Pago's payment for it and 'Meus pedidos' a way there (retryOrderPayment in
// lib/orders/place-order.ts refuses the same orders this says no to).
import type { OrderPaymentInfo, OrderPaymentStatus } from '@/lib/payments/types';
import type { OrderStatusFlags } from './types';

/** Payment states in which the order still waits for its online payment. */
const UNPAID: ReadonlySet<OrderPaymentStatus> = new Set(['pending', 'waiting', 'error']);

/**
 * Placed to be paid with Mercado Pago, unpaid, and neither confirmed nor cancelled by the shop
 * (whether Mercado Pago is configured now is the caller's to check).
 */
export function awaitsOnlinePayment(order: {
  status: Pick<OrderStatusFlags, 'confirmed' | 'cancelled'>;
  payment: Pick<OrderPaymentInfo, 'provider' | 'status'>;
}): boolean {
  return (
    order.payment.provider === 'mercadopago' &&
    !order.status.confirmed &&
    !order.status.cancelled &&
    UNPAID.has(order.payment.status)
  );
}

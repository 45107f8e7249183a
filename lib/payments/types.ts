// The payment side of an order, pure: lib/orders stores and shows these, lib/payments produces
// them. Kept here so that lib/orders depends on lib/payments and never the other way round.

/** Where an order's payment stands. */
export type OrderPaymentStatus =
  | 'not-required'
  | 'pending'
  | 'error'
  | 'waiting'
  /** The last attempt was declined (a card); the order still waits for another one. */
  | 'rejected'
  | 'approved'
  | 'cancelled'
  | 'needs-review';

export const ORDER_PAYMENT_STATUSES: readonly OrderPaymentStatus[] = [
  'not-required',
  'pending',
  'error',
  'waiting',
  'rejected',
  'approved',
  'cancelled',
  'needs-review',
];

export type OrderPaymentInfo = {
  provider: 'mercadopago' | 'manual';
  status: OrderPaymentStatus;
  preferenceId: string | null;
  initPoint: string | null;
  paymentId: string | null;
};

/** How the shopper pays for a placed order. */
export type CheckoutPayment =
  | { mode: 'mercadopago'; preferenceId: string; initPoint: string }
  /**
   * No online payment: Mercado Pago is not configured, or (paymentError) creating the preference
   * failed. Either way the order stands and the confirmation page offers the WhatsApp follow-up.
   */
  | { mode: 'manual'; paymentError?: true };

/** The fields of a payment the shop relies on; Mercado Pago sends many more. */
export type MercadoPagoPayment = {
  id: string;
  status: string;
  externalReference: string | null;
  /** Centavos (Mercado Pago reports reais; lib/payments/mercadopago.ts converts). */
  transactionAmount: number;
  currencyId: string;
};

/** What a Mercado Pago payment status means for its order. */
export type PaymentClass = 'approved' | 'waiting' | 'rejected' | 'cancelled' | 'other';

/** Mercado Pago payment status -> what it means for the order. */
export function classifyPaymentStatus(status: string): PaymentClass {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'pending':
    case 'in_process':
    case 'authorized':
      return 'waiting';
    // One declined attempt (a card): the shopper may try another card or Pix.
    case 'rejected':
      return 'rejected';
    case 'cancelled':
    case 'refunded':
    case 'charged_back':
      return 'cancelled';
    default:
      return 'other';
  }
}

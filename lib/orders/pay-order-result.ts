// What POST /api/orders/payment answers (app/api/orders/payment/route.ts), pure: the order page's
// payment panel reads it (components/checkout/payment-panel.tsx).

/** A Pix payment as the order's page shows it. */
export type PixView = {
  paymentId: string;
  /** The copy-and-paste code (BR Code). */
  qrCode: string;
  /** A PNG of its QR code, base64. */
  qrCodeBase64: string;
  /** ISO 8601: when the code (and the order's hold on its stock) lapses. */
  expiresAt: string;
};

export type PayOrderError =
  | 'invalid'
  | 'unauthenticated'
  /** No such order, or someone else's (an admin viewing it cannot pay it either). */
  | 'not-found'
  /** Paid, cancelled or confirmed by the shop: nothing to pay. */
  | 'not-payable'
  /** Its time to pay is over (lib/orders/expiry.ts cancels it). */
  | 'expired'
  /**
   * Another payment attempt of the order (a card or a Pix code, from another tab or device) is
   * being made: its outcome reaches the order's page by itself.
   */
  | 'payment-in-progress'
  | 'rate-limited'
  /** Mercado Pago is not configured, or did not answer. */
  | 'payment-unavailable'
  | 'temporarily-unavailable'
  | 'server-error';

export type PayOrderResult =
  | { ok: true; method: 'pix'; pix: PixView }
  /**
   * The card payment as Mercado Pago decided it; 'approved' has already confirmed the order;
   * 'refunded': approved, but the order had been cancelled meanwhile, so it is being refunded.
   */
  | { ok: true; method: 'card'; status: 'approved' | 'waiting' | 'rejected' | 'refunded' }
  | { ok: false; error: 'rate-limited'; retryAfterSeconds: number }
  | { ok: false; error: Exclude<PayOrderError, 'rate-limited'> };

/** The message key under OrderConfirmation.payErrors for each refusal. */
export const PAY_ERROR_MESSAGE_KEYS = {
  invalid: 'invalid',
  unauthenticated: 'unauthenticated',
  'not-found': 'notFound',
  'not-payable': 'notPayable',
  expired: 'expired',
  'payment-in-progress': 'inProgress',
  'rate-limited': 'rateLimited',
  'payment-unavailable': 'paymentUnavailable',
  'temporarily-unavailable': 'temporarilyUnavailable',
  'server-error': 'serverError',
} as const satisfies Record<PayOrderError, string>;

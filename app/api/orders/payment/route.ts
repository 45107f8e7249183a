import { jsonPostRoute } from '@/lib/routes/json-route';
import { payMyOrder } from '@/lib/orders/pay-order';
import type { PayOrderResult } from '@/lib/orders/pay-order-result';
import { clientAddress } from '@/lib/security/origin';

// POST /api/orders/payment: the shopper pays their order from its page with Pix (the QR code and
// the copy-and-paste code) or a card (the Payment Brick's token). The rules are
// lib/orders/pay-order.ts.

export const dynamic = 'force-dynamic';

/**
 * Answers 200 with the Pix to show or the card payment's outcome; 400 invalid, 401 signed out,
 * 404 no such order of this shopper, 409 nothing to pay or another attempt of it in flight, 410
 * its time to pay is over, 429 and 503 with Retry-After, 500 otherwise; before it, 403 for
 * another origin, 415 for a body that is not JSON, 413 too large.
 */
export const POST = jsonPostRoute<PayOrderResult>({
  // An order id, a method and a card token's few fields.
  maxBodyBytes: 2048,
  statusOf: {
    'not-found': 404,
    'not-payable': 409,
    expired: 410,
    'payment-in-progress': 409,
    'rate-limited': 429,
    'payment-unavailable': 503,
  },
  run: (body, request) => payMyOrder(body, clientAddress(request)),
});

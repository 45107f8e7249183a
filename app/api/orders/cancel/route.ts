import { jsonPostRoute } from '@/lib/routes/json-route';
import { cancelMyOrder, type CancelOrderResult } from '@/lib/orders/cancel-order';

// POST /api/orders/cancel: the shopper cancels one of their open orders from /usuario or its page
// (components/user/cancel-order.tsx). The rules are lib/orders/cancel-order.ts.

export const dynamic = 'force-dynamic';

/**
 * Answers 200 cancelled, 400 invalid, 401 signed out, 404 no such order of this shopper, 409 no
 * longer open (with its status), 503 + Retry-After when Auth or Firestore cannot answer, 500
 * otherwise; before it, 403 for another origin, 415 for a body that is not JSON, 413 too large.
 */
export const POST = jsonPostRoute<CancelOrderResult>({
  // `{"orderId": "..."}`: a few dozen bytes.
  maxBodyBytes: 1024,
  statusOf: {
    'not-found': 404,
    'not-open': 409,
  },
  run: (body) => cancelMyOrder(body),
});

import { CLUB_WEBHOOK_TOPICS } from '@/lib/club/webhook';
import { applyPaymentToOrder } from '@/lib/orders/payment-update';
import { webhookResponse } from '@/lib/payments/webhook';

// Thin on purpose: verification lives in lib/payments/webhook.ts, the order update in
// lib/orders/payment-update.ts; wiring them here keeps lib/payments free of lib/orders. The club's
// subscription notifications go to lib/club/webhook.ts through the same checks.
export const dynamic = 'force-dynamic';

/** Mercado Pago notifications (404 when Mercado Pago is not configured). */
export async function POST(request: Request): Promise<Response> {
  return webhookResponse(request, applyPaymentToOrder, CLUB_WEBHOOK_TOPICS);
}

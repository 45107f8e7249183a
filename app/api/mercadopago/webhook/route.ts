import { webhookResponse } from '@/lib/payments/webhook';

// Thin on purpose: verification and the order update live in lib/payments/webhook.ts.
export const dynamic = 'force-dynamic';

/** Mercado Pago payment notifications (404 when Mercado Pago is not configured). */
export async function POST(request: Request): Promise<Response> {
  return webhookResponse(request);
}

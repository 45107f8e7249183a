import type { NextRequest } from 'next/server';

import { listProductRecords } from '@/lib/catalogue/repository';
import { memberPricingFor } from '@/lib/club/checkout';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { productLines, quoteDelivery } from '@/lib/delivery/quote';
import { logFailure } from '@/lib/log';
import { parseQuoteLines } from '@/lib/orders/quote-lines';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';
import { readSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/delivery/quote?shipping=Entrega&cep=01310-100&lines=key:2,key:1: the delivery fee,
 * the total with it and the days offered (full ones marked) for the checkout's summary and date
 * picker. A preview: placing the order decides the fee and the day again (lib/orders/place-order.ts).
 */
export async function GET(request: NextRequest): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const shipping = params.get('shipping');
  const lines = parseQuoteLines(params.get('lines') ?? '');
  const cep = (params.get('cep') ?? '').slice(0, 20);
  if ((shipping !== 'Entrega' && shipping !== 'Retirada') || !lines) {
    return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
  }
  const limit = await rateLimiter('deliveryQuotePerIp').take(clientAddress(request));
  if (!limit.allowed) {
    return Response.json(
      { error: 'rate-limited' },
      { status: 429, headers: { ...HEADERS, 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  try {
    const priced = productLines(
      lines,
      await withDeadline(listProductRecords(), backendDeadlineMs(), 'the catalogue'),
    );
    if (!priced) return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
    const quote = await withDeadline(
      (async () => {
        // A signed-in member's plan lowers the subtotal and may waive the fee, as at placing.
        // A session that cannot be checked fails the quote (503), never prices as a visitor.
        const session = await readSession();
        const member =
          session.status === 'signed-in' ? await memberPricingFor(session.user, priced) : undefined;
        return quoteDelivery({ shippingOption: shipping, cep, lines: priced }, member);
      })(),
      backendDeadlineMs(),
      'the delivery quote',
    );
    return Response.json(quote, { headers: HEADERS });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'delivery.quote' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

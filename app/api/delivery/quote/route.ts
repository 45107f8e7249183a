import type { NextRequest } from 'next/server';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { parseQuoteLines, quoteDelivery } from '@/lib/delivery/quote';
import { logFailure } from '@/lib/log';

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
  try {
    const quote = await withDeadline(
      quoteDelivery({ shippingOption: shipping, cep, lines }),
      backendDeadlineMs(),
      'the delivery quote',
    );
    return Response.json(quote, { headers: HEADERS });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'delivery.quote' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

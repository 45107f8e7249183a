import type { NextRequest } from 'next/server';
import { CHECKOUT_LIMITS } from '@/lib/orders/limits';
import { readLiveStock } from '@/lib/inventory/repository';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/cart/stock?keys=a,b: the units left and the sale state of the cart's products only,
 * read when the cart opens and before checkout. Only a hint for the shopper: placing the order
 * checks the stock again in its transaction.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const keys = (request.nextUrl.searchParams.get('keys') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (keys.length === 0 || keys.length > CHECKOUT_LIMITS.maxLines) {
    return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
  }
  try {
    return Response.json(
      { stock: await withDeadline(readLiveStock(keys), backendDeadlineMs(), 'the live stock') },
      { headers: HEADERS },
    );
  } catch (error) {
    logFailure('backend.failed', error, { what: 'cart.stock' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

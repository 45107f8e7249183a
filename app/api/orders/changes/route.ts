import type { NextRequest } from 'next/server';

import { listOpenOrderStatuses } from '@/lib/orders/repository/reads';
import { readSession } from '@/lib/session/session';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/orders/changes?seen=<marker>: the status of each open order of the signed-in shopper,
 * and nothing about anyone else's. The shopper's user tab and /usuario poll it while visible and
 * refetch their orders list when a status differs from the previous answer (the browser cannot
 * read Firestore: the rules deny it). `marker` counts the changes to the shopper's orders and comes
 * with the session's read of their user document; when it is still the `seen` one the answer is
 * `{ unchanged: true, marker }` and the orders are not read, so a quiet poll costs that one read.
 */
export async function GET(request: NextRequest): Promise<Response> {
  try {
    const session = await readSession();
    if (session.status === 'signed-out') {
      return Response.json({ error: 'signed-out' }, { status: 401, headers: HEADERS });
    }
    const marker = session.ordersVersion;
    const seen = request.nextUrl.searchParams.get('seen');
    if (seen !== null && seen === String(marker)) {
      return Response.json({ unchanged: true, marker }, { headers: HEADERS });
    }
    // Read after the marker: whatever moved it is in this list.
    const orders = await listOpenOrderStatuses(session.user.uid);
    return Response.json({ orders, marker }, { headers: HEADERS });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'orders.changes' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

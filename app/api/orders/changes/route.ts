import { listOpenOrderStatuses } from '@/lib/orders/repository';
import { readSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/orders/changes: the status of each open order of the signed-in shopper, and nothing
 * about anyone else's. The shopper's user tab and /usuario poll it while visible and refetch
 * their orders list when a status differs from the previous answer (the browser cannot read
 * Firestore: the rules deny it).
 */
export async function GET(): Promise<Response> {
  try {
    const session = await readSession();
    if (session.status === 'signed-out') {
      return Response.json({ error: 'signed-out' }, { status: 401, headers: HEADERS });
    }
    const orders = await listOpenOrderStatuses(session.user.uid);
    return Response.json({ orders }, { headers: HEADERS });
  } catch (error) {
    console.error(
      `[orders] reading the open orders' statuses failed: ${(error as Error)?.message}`,
    );
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

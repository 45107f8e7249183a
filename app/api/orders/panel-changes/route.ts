import type { NextRequest } from 'next/server';

import { checkAdmin } from '@/lib/control-panel/auth';
import { listOrderChangesSince } from '@/lib/orders/repository';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/** How far back a poll may ask: older `since` values are clamped (a tab left asleep for days). */
const MAX_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/orders/panel-changes?since=<ms>: for the control panel only (an admin with a recent
 * sign-in, checked on the server), the orders placed or whose status changed after `since`,
 * leaving out changes this admin made. `now` is the server's clock, the next poll's `since`, so
 * the browser's clock never matters. Without `since` it answers only `now` (the starting point).
 */
export async function GET(request: NextRequest): Promise<Response> {
  const now = Date.now();
  try {
    const check = await checkAdmin();
    if (check.status === 'signed-out') {
      return Response.json({ error: 'signed-out' }, { status: 401, headers: HEADERS });
    }
    if (check.status !== 'admin') {
      return Response.json({ error: 'forbidden' }, { status: 403, headers: HEADERS });
    }
    const raw = request.nextUrl.searchParams.get('since');
    if (raw === null) return Response.json({ now, changes: [] }, { headers: HEADERS });
    const since = Number(raw);
    if (!Number.isSafeInteger(since) || since < 0) {
      return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
    }
    const changes = (
      await listOrderChangesSince(new Date(Math.min(now, Math.max(since, now - MAX_LOOKBACK_MS))))
    ).filter((change) => change.placed || change.changedBy !== check.user.email);
    return Response.json({ now, changes }, { headers: HEADERS });
  } catch (error) {
    console.error(
      `[orders] reading the panel's order changes failed: ${(error as Error)?.message}`,
    );
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

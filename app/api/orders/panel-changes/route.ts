import type { NextRequest } from 'next/server';

import { checkAdmin } from '@/lib/control-panel/auth';
import { readOrdersMarker } from '@/lib/orders/repository/markers';
import { listOrderChangesSince } from '@/lib/orders/repository/reads';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/** How far back a poll may ask: older `since` values are clamped (a tab left asleep for days). */
const MAX_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/orders/panel-changes?since=<ms>: for the control panel only (an admin with a recent
 * sign-in, checked on the server), the orders placed or whose status changed after `since`,
 * leaving out changes this admin made. `now` is the server's clock, the next poll's `since`, so
 * the browser's clock never matters. Without `since` it answers only `now` (the starting point).
 * `marker` grows with every order placed or changed (lib/orders/repository/markers.ts, readOrdersMarker:
 * no read while this process's listener is live); when the poll's `seen` is still the marker,
 * nothing changed and the changes are not queried: `now` is then the poll's own `since`, so a
 * change the listener has not delivered yet is found by a later poll.
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
    const seen = request.nextUrl.searchParams.get('seen');
    const since = raw === null ? null : Number(raw);
    if (since !== null && (!Number.isSafeInteger(since) || since < 0)) {
      return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
    }
    // No marker with the starting point: one read before `now` could hold a change made after it
    // that no query has reported yet.
    if (since === null) return Response.json({ now, changes: [] }, { headers: HEADERS });
    // Read before the changes: whatever moves it later is reported by a later poll.
    const marker = await readOrdersMarker();
    if (seen !== null && seen === String(marker)) {
      return Response.json({ now: since, changes: [], marker }, { headers: HEADERS });
    }
    const changes = (
      await listOrderChangesSince(new Date(Math.min(now, Math.max(since, now - MAX_LOOKBACK_MS))))
    ).filter((change) => change.placed || change.changedBy !== check.user.email);
    return Response.json({ now, changes, marker }, { headers: HEADERS });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'orders.panel-changes' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}

import { rebuildDayTotals } from '@/lib/dashboard/rebuild';
import { cronAuthorized } from '@/lib/routes/cron-auth';
import { logEvent, logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

/**
 * Rewrites the panel home's day totals from the orders (lib/dashboard/rebuild.ts): POST with
 * `Authorization: Bearer <CRON_SECRET>`, as `npm run dashboard:rebuild` sends it. Answers the
 * orders and days counted, or 503 when Firestore failed (run it again: it rewrites everything).
 */
export async function POST(request: Request): Promise<Response> {
  if (!cronAuthorized(request)) {
    return Response.json({ error: 'unauthorized' }, { status: 401 });
  }
  try {
    const report = await rebuildDayTotals();
    logEvent('dashboard.rebuilt', report);
    return Response.json(report, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logFailure('dashboard.rebuild_failed', error);
    return Response.json({ error: 'unavailable' }, { status: 503 });
  }
}

import { timingSafeEqual } from 'node:crypto';

import { getEnv } from '@/lib/env';
import { logFailure } from '@/lib/log';
import { expireDueOrders } from '@/lib/orders/expiry';

export const dynamic = 'force-dynamic';

function authorized(request: Request): boolean {
  const secret = getEnv().orders.cronSecret;
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Expires the orders awaiting payment past their deadline (lib/orders/expiry.ts) and returns
 * their ids. Authorized by `Authorization: Bearer <CRON_SECRET>`, which Vercel Cron sends by
 * itself (vercel.json) and Cloud Scheduler is told to send (README). Safe to run concurrently.
 */
async function run(request: Request): Promise<Response> {
  if (!authorized(request)) {
    return Response.json({ error: 'unauthorized' }, { status: 401 });
  }
  try {
    const expired = await expireDueOrders();
    return Response.json({ expired }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logFailure('orders.expiry_failed', error, { trigger: 'cron' });
    return Response.json({ error: 'unavailable' }, { status: 503 });
  }
}

export const POST = run;
// Vercel Cron calls with GET.
export const GET = run;

import { keepAliveUntil } from '@/lib/after-response';
import { backendDeadlineMs, DeadlineExceededError, withDeadline } from '@/lib/deadline';
import { queueDashboardMails } from '@/lib/dashboard/cron';
import { cronAuthorized } from '@/lib/routes/cron-auth';
import { sendQueuedMailNow } from '@/lib/mail/sender';
import { expireDueOrders } from '@/lib/orders/expiry';
import { refundOwedPaymentsNow } from '@/lib/orders/refunds';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

/**
 * Expires the orders awaiting payment past their deadline (lib/orders/expiry.ts) and returns
 * their ids; also sends the e-mails due (lib/mail/sender.ts) and asks Mercado Pago for the refunds
 * owed (lib/orders/refunds.ts) and queues the panel home's morning and low-stock e-mails
 * (lib/dashboard/cron.ts), which go on after the answer (they never fail it). Authorized by `Authorization: Bearer <CRON_SECRET>`, which Vercel Cron sends when
 * the project has that variable (vercel.json) and Cloud Scheduler is told to send (README). Safe
 * to run concurrently.
 *
 * Answers within the backend deadline (lib/deadline.ts): with Firestore unreachable the run's
 * first query would otherwise wait for gRPC's own retries (44.7 s was measured). At the deadline
 * it answers an honest 503; a run still going on is kept alive after the response and the next
 * call picks up whatever it left.
 */
async function run(request: Request): Promise<Response> {
  if (!cronAuthorized(request)) {
    return Response.json({ error: 'unauthorized' }, { status: 401 });
  }
  // The panel home's e-mails due now are queued first, so this run sends them too.
  keepAliveUntil(
    Promise.all([queueDashboardMails().then(sendQueuedMailNow), refundOwedPaymentsNow()]),
  );
  const running = expireDueOrders();
  try {
    const expired = await withDeadline(running, backendDeadlineMs(), 'the order expiry');
    return Response.json({ expired }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof DeadlineExceededError) {
      keepAliveUntil(running);
      // The cause (UNAVAILABLE, ECONNREFUSED ...) is known only when the run itself fails.
      running.catch((cause: unknown) =>
        logFailure('orders.expiry_failed', cause, { trigger: 'cron', afterDeadline: true }),
      );
    }
    logFailure('orders.expiry_failed', error, { trigger: 'cron' });
    return Response.json(
      { error: 'unavailable' },
      { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '60' } },
    );
  }
}

export const POST = run;
// Vercel Cron calls with GET.
export const GET = run;

import 'server-only';

import { logEvent, logFailure } from '@/lib/log';

import { queueLowStockMail } from './low-stock';
import { queueMorningSummary } from './morning-mail';

/**
 * The panel home's e-mails due at `now` (the morning summary, low-stock notices), queued in the
 * outbox; run by the cron route before it sends what is due. Never throws: a failure is logged
 * and the next run tries again.
 */
export async function queueDashboardMails(now = new Date()): Promise<void> {
  const [morning, lowStock] = await Promise.allSettled([
    queueMorningSummary(now),
    queueLowStockMail(),
  ]);
  if (morning.status === 'rejected') {
    logFailure('dashboard.mail_failed', morning.reason, { what: 'morning-summary' });
  } else if (morning.value === 'queued') {
    logEvent('dashboard.mail', { what: 'morning-summary' });
  }
  if (lowStock.status === 'rejected') {
    logFailure('dashboard.mail_failed', lowStock.reason, { what: 'low-stock' });
  } else if (lowStock.value.length > 0) {
    logEvent('dashboard.mail', { what: 'low-stock', products: lowStock.value.length });
  }
}

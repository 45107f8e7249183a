import 'server-only';

import { runTransaction } from '@/lib/firebase/admin';
import { queueMessages } from '@/lib/mail/queue';

import { readDashboard } from './home';
import { morningSummaryMail } from './mail-templates';
import { shopDayOf } from '@/lib/day-totals/rollup-math';
import { dashboardMailsCollection, readDashboardSettings } from './settings';

/** The summary goes out on the first cron run at or after this hour, São Paulo time. */
export const MORNING_HOUR = 8;

const shopHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The São Paulo day whose summary is due at `now`, or null before MORNING_HOUR. */
export function morningDueDay(now: Date): string | null {
  return Number(shopHour.format(now)) >= MORNING_HOUR ? shopDayOf(now) : null;
}

export type MorningOutcome = 'queued' | 'already-sent' | 'not-due' | 'off';

/**
 * Queues the day's summary e-mail to the shop through the outbox (lib/mail), once per São Paulo
 * day however often and on however many instances the cron runs: the day's claim
 * (dashboardMails/morning-{day}) is created in the transaction that writes the message.
 */
export async function queueMorningSummary(now = new Date()): Promise<MorningOutcome> {
  const day = morningDueDay(now);
  if (!day) return 'not-due';
  const claim = dashboardMailsCollection().doc(`morning-${day}`);
  // Most runs of the day end here, on one read.
  if ((await claim.get()).exists) return 'already-sent';
  if (!(await readDashboardSettings()).morningEmail) return 'off';
  const dashboard = await readDashboard('pt-BR', now);
  return runTransaction(async (transaction): Promise<MorningOutcome> => {
    if ((await transaction.get(claim)).exists) return 'already-sent';
    transaction.create(claim, { day, queuedAt: now });
    queueMessages(transaction, (config) => [morningSummaryMail(dashboard, config.shopAddress)]);
    return 'queued';
  });
}

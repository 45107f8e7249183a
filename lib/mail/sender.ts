import 'server-only';

import { randomBytes } from 'node:crypto';

import { backgroundDrain } from '@/lib/background-drain';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { getEnv, type MailConfig } from '@/lib/env';
import { describeError, logEvent, logFailure } from '@/lib/log';

import {
  claimMail,
  listDueMail,
  markMailFailed,
  markMailSent,
  type StoredMail,
} from './repository';
import { senderFor, type Sender } from './send';

// Delivers the stored messages that are due (lib/mail/repository.ts): after the response of every
// change that wrote one (sendQueuedMailSoon), from the cron route (app/api/cron/expire-orders),
// and once when the server starts. Each message is claimed for LEASE_MS before it is sent, so two
// senders (instances) never send it at once; a failed send is tried again later, each time after
// a longer pause, and given up after MAX_ATTEMPTS (the panel's outbox shows it and sends it again
// on request). A sender that stops between sending and recording it leaves its claim to lapse:
// the message is then sent again with the same Message-ID (and, locally, the same file).

/** How long a sender holds a message it is sending. */
export const LEASE_MS = 60_000;
/** A send that has not finished by then counts as failed (well within the lease). */
const SEND_DEADLINE_MS = 30_000;
/** Messages claimed per pass (a pass goes on while more are due). */
const BATCH = 20;
/** Tries before a message is given up (about a day of pauses). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;

/**
 * A Firestore step of a pass, within the backend deadline: with Firestore down a pass fails in
 * seconds (logged; the next one picks up) instead of holding its process for gRPC's own retries.
 */
function inTime<T>(work: Promise<T>, label: string): Promise<T> {
  return withDeadline(work, backendDeadlineMs(), label);
}

/** The pause after the `attempts`-th failed try: 30 s, doubling, at most an hour. Pure. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Whether an SMTP failure is permanent (a 5xx reply: the address or the message is refused), so
 * trying again cannot help. Anything else (no answer, 4xx) is tried again.
 */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A failure as stored and shown: its name, code and SMTP reply code; never an address. */
function failureText(error: unknown): string {
  const { errorName, errorCode } = describeError(error);
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  // A plain Error's name says nothing: its code (ECONNECTION, EENVELOPE ...) does.
  const name = errorName === 'Error' && errorCode ? null : errorName;
  return [name, errorCode, typeof code === 'number' ? `SMTP ${code}` : null]
    .filter(Boolean)
    .join(' ');
}

export type SendReport = { sent: number; failed: number };

/** Sends one claimed message and records what came of it. */
async function sendOne(
  mail: StoredMail,
  send: Sender,
  owner: string,
  now: () => number,
  report: SendReport,
) {
  try {
    await withDeadline(send(mail), SEND_DEADLINE_MS, 'mail send');
  } catch (error) {
    report.failed += 1;
    const giveUp = isPermanent(error) || mail.attempts >= MAX_ATTEMPTS;
    const retryAt = giveUp ? null : now() + retryDelayMs(mail.attempts);
    logFailure('mail.failed', error, {
      kind: mail.kind,
      orderId: mail.orderId,
      messageId: mail.id,
      attempt: mail.attempts,
      retry: !giveUp,
    });
    await inTime(markMailFailed(mail.id, owner, failureText(error), retryAt, now()), 'mail failed');
    return;
  }
  report.sent += 1;
  await inTime(markMailSent(mail.id, now()), 'mail sent');
  logEvent('mail.sent', { kind: mail.kind, orderId: mail.orderId, messageId: mail.id });
}

/**
 * One pass: claims and sends every message due at `now` (batch after batch). Returns how many
 * were sent and failed. Throws when Firestore fails (the next pass picks up what is left).
 */
export async function sendDueMail(
  options: { config?: MailConfig | null; now?: () => number } = {},
): Promise<SendReport> {
  const config = options.config === undefined ? getEnv().mail : options.config;
  const report: SendReport = { sent: 0, failed: 0 };
  if (!config) return report;
  const now = options.now ?? Date.now;
  const send = senderFor(config);
  const owner = randomBytes(8).toString('hex');
  const tried = new Set<string>();
  for (;;) {
    const due = (await inTime(listDueMail(now(), BATCH), 'mail due')).filter(
      (id) => !tried.has(id),
    );
    if (due.length === 0) return report;
    for (const id of due) {
      tried.add(id);
      const mail = await inTime(claimMail(id, owner, now(), LEASE_MS), 'mail claim');
      if (mail) await sendOne(mail, send, owner, now, report);
    }
  }
}

const mailDrain = backgroundDrain('mail', () => sendDueMail(), 'mail.failed');

/**
 * Sends the messages due, after the response during a request (the host keeps the function alive
 * for it), at once outside one. Call it after the commit that wrote them. Never throws.
 */
export function sendQueuedMailSoon(): void {
  mailDrain.soon();
}

/** Sends the messages due now and resolves when done (the cron route, tests). Never rejects. */
export function sendQueuedMailNow(): Promise<void> {
  return mailDrain.now();
}

import 'server-only';

import { randomBytes } from 'node:crypto';

import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';

import { mailCollection, runTransaction } from '@/lib/firebase/admin';

import type { MailKind, MailMessage } from './templates';

// Every e-mail the shop sends (projects/{shop}/mail/{id}; this module alone reads and writes it),
// written by the use-case in the same transaction as the change that causes it, so a crash after
// the commit loses none; lib/mail/sender.ts delivers them. A message is due while it has a
// `dueAt`: pending (the next try) or being sent (the end of its sender's lease). A sender claims
// it in a transaction, so two instances never send it at once; its Message-ID is made here, once,
// so a resend after a crash between sending and recording it is the same message. A sent or
// given-up message keeps an `expiresAt` for a Firestore TTL policy (README).

/** How long a sent or given-up message is kept. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export type MailState = 'pending' | 'sending' | 'sent' | 'failed';

/** A message as stored. */
export type StoredMail = MailMessage & {
  id: string;
  /** RFC 5322 Message-ID, `<id@domain>`: the same on every try. */
  messageId: string;
  state: MailState;
  /** Tries so far (each claim counts one). */
  attempts: number;
  createdAt: Date;
  /** When it is due: its next try (pending) or the end of its lease (sending); null otherwise. */
  dueAt: Date | null;
  sentAt: Date | null;
  /** The last failure, without addresses or secrets. */
  lastError: string | null;
};

const timestamp = z.instanceof(Timestamp).transform((value) => value.toDate());

const storedSchema = z.object({
  kind: z.string().min(1),
  orderId: z.string().catch(''),
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  messageId: z.string().min(1),
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int().nonnegative().catch(0),
  createdAt: timestamp,
  dueAt: timestamp.nullable().optional().catch(null),
  sentAt: timestamp.nullable().optional().catch(null),
  lastError: z.string().nullable().optional().catch(null),
});

function reshape(id: string, data: unknown): StoredMail | null {
  const parsed = storedSchema.safeParse(data);
  if (!parsed.success) return null;
  const { orderId, kind, dueAt, sentAt, lastError, ...rest } = parsed.data;
  return {
    ...rest,
    id,
    kind: kind as MailKind,
    orderId,
    dueAt: dueAt ?? null,
    sentAt: sentAt ?? null,
    lastError: lastError ?? null,
  };
}

/**
 * Inside `transaction`, writes `messages` to be sent (a message without a recipient is skipped),
 * their Message-IDs in `domain`; returns their ids. Writes only: call it after the
 * transaction's reads.
 */
export function queueMail(
  transaction: Transaction,
  messages: readonly MailMessage[],
  domain: string,
  now = Date.now(),
): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    if (!message.to) continue;
    const id = randomBytes(10).toString('hex');
    transaction.create(mailCollection().doc(id), {
      kind: message.kind,
      orderId: message.orderId,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: `<${id}@${domain}>`,
      state: 'pending' satisfies MailState,
      attempts: 0,
      createdAt: Timestamp.fromMillis(now),
      dueAt: Timestamp.fromMillis(now),
      sentAt: null,
      lastError: null,
    });
    ids.push(id);
  }
  return ids;
}

/** Ids of the messages due at `now`, oldest due first, at most `limit`. */
export async function listDueMail(now: number, limit: number): Promise<string[]> {
  const snapshot = await mailCollection()
    .where('dueAt', '<=', Timestamp.fromMillis(now))
    .orderBy('dueAt')
    .limit(limit)
    .select()
    .get();
  return snapshot.docs.map((doc) => doc.id);
}

/**
 * Claims the message `id` for `owner` until `now + leaseMs`, when it is due (pending and its
 * time has come, or being sent by a sender whose lease ran out): its state becomes 'sending'
 * and its tries one more. Null when it is not due (sent, or claimed by another sender).
 */
export function claimMail(
  id: string,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<StoredMail | null> {
  const ref = mailCollection().doc(id);
  return runTransaction(async (transaction) => {
    const mail = reshape(id, (await transaction.get(ref)).data());
    if (!mail || (mail.state !== 'pending' && mail.state !== 'sending')) return null;
    if (!mail.dueAt || mail.dueAt.getTime() > now) return null;
    const dueAt = new Date(now + leaseMs);
    transaction.update(ref, {
      state: 'sending' satisfies MailState,
      leaseOwner: owner,
      dueAt: Timestamp.fromDate(dueAt),
      attempts: mail.attempts + 1,
    });
    return { ...mail, state: 'sending', dueAt, attempts: mail.attempts + 1 };
  });
}

/** Records that the message `id` was sent (by whichever sender: it is not to be sent again). */
export async function markMailSent(id: string, now = Date.now()): Promise<void> {
  await mailCollection()
    .doc(id)
    .update({
      state: 'sent' satisfies MailState,
      sentAt: Timestamp.fromMillis(now),
      dueAt: FieldValue.delete(),
      leaseOwner: FieldValue.delete(),
      lastError: null,
      expiresAt: Timestamp.fromMillis(now + KEEP_MS),
    });
}

/**
 * Records `owner`'s failed try of the message `id`: pending again at `retryAt`, or given up
 * ('failed', until an admin sends it again) when `retryAt` is null. Nothing when another sender
 * holds it now.
 */
export function markMailFailed(
  id: string,
  owner: string,
  error: string,
  retryAt: number | null,
  now = Date.now(),
): Promise<void> {
  const ref = mailCollection().doc(id);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (snapshot.get('state') !== 'sending' || snapshot.get('leaseOwner') !== owner) return;
    transaction.update(ref, {
      state: (retryAt === null ? 'failed' : 'pending') satisfies MailState,
      dueAt: retryAt === null ? FieldValue.delete() : Timestamp.fromMillis(retryAt),
      leaseOwner: FieldValue.delete(),
      lastError: error.slice(0, 300),
      lastTriedAt: Timestamp.fromMillis(now),
      ...(retryAt === null ? { expiresAt: Timestamp.fromMillis(now + KEEP_MS) } : {}),
    });
  });
}

/** How many unsent messages the panel reads at most. */
export const MAX_LISTED_UNSENT = 200;

/** The messages not sent yet (pending, being sent, given up), newest first. */
export async function listUnsentMail(): Promise<StoredMail[]> {
  const snapshot = await mailCollection()
    .where('state', 'in', ['pending', 'sending', 'failed'] satisfies MailState[])
    .limit(MAX_LISTED_UNSENT)
    .get();
  return snapshot.docs
    .flatMap((doc) => reshape(doc.id, doc.data()) ?? [])
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** An admin asks for a given-up message to be sent again: due at once. False: not given up. */
export function resendFailedMail(id: string, now = Date.now()): Promise<boolean> {
  const ref = mailCollection().doc(id);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (snapshot.get('state') !== 'failed') return false;
    transaction.update(ref, {
      state: 'pending' satisfies MailState,
      dueAt: Timestamp.fromMillis(now),
      attempts: 0,
      expiresAt: FieldValue.delete(),
    });
    return true;
  });
}

/** The message `id`, or null (for tests and the panel). */
export async function getMail(id: string): Promise<StoredMail | null> {
  return reshape(id, (await mailCollection().doc(id).get()).data());
}

/** How many messages were given up (state 'failed'): one count query (the panel home). */
export async function countFailedMail(): Promise<number> {
  const snapshot = await mailCollection()
    .where('state', '==', 'failed' satisfies MailState)
    .count()
    .get();
  return snapshot.data().count;
}

import 'server-only';

import { createHash } from 'node:crypto';

import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';

import { pixPaymentsCollection, webhookNotificationsCollection } from '@/lib/firebase/admin';

// Mercado Pago notifications by (signed) request id, shared by every instance
// (projects/{shop}/webhookNotifications; this module alone reads and writes it): one create() per
// notification claims it, ALREADY_EXISTS means another delivery of it came first. A document id
// is a hash of the request id; `expiresAt` lets a Firestore TTL policy delete old ones (README).

// Firestore's gRPC status for "document already exists" (create() on an existing document).
const ALREADY_EXISTS = 6;
/** How long a handled notification is remembered (Mercado Pago retries over a few days). */
export const NOTIFICATION_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A claim older than this whose handling never finished (its instance stopped mid-way) may be
 * taken over; a handling takes seconds (lib/payments/webhook.ts).
 */
export const STALE_CLAIM_MS = 60_000;

export type NotificationClaim =
  /** This delivery handles the notification. */
  | { state: 'claimed' }
  /** Another delivery handled it; `result` is what it did. */
  | { state: 'handled'; result: string | null }
  /** Another delivery is handling it right now (on this instance or another). */
  | { state: 'handling' };

function notificationRef(requestId: string, namespace: string) {
  const id = createHash('sha256').update(`${namespace}\u0000${requestId}`).digest('hex');
  return webhookNotificationsCollection().doc(id);
}

/**
 * Claims the notification `requestId`: one create(); on ALREADY_EXISTS one read says whether it
 * was handled or is being handled (a stale claim is deleted and claimed once more).
 */
export async function claimNotification(
  requestId: string,
  { now = Date.now(), namespace = '' }: { now?: number; namespace?: string } = {},
): Promise<NotificationClaim> {
  const ref = notificationRef(requestId, namespace);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await ref.create({
        state: 'handling',
        claimedAt: now,
        expiresAt: Timestamp.fromMillis(now + NOTIFICATION_MEMORY_MS),
      });
      return { state: 'claimed' };
    } catch (error) {
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    }
    const snapshot = await ref.get();
    const data = snapshot.data();
    if (!data) continue; // released in between: claim again
    if (data.state === 'handled') {
      return { state: 'handled', result: typeof data.result === 'string' ? data.result : null };
    }
    const claimedAt = typeof data.claimedAt === 'number' ? data.claimedAt : 0;
    if (now - claimedAt < STALE_CLAIM_MS) return { state: 'handling' };
    // Only the delivery that deletes this very claim (same update time) may claim again.
    try {
      await ref.delete({ lastUpdateTime: snapshot.updateTime! });
    } catch {
      return { state: 'handling' };
    }
  }
  return { state: 'handling' };
}

/** Marks a claimed notification as handled (later deliveries answer 'duplicate'). */
export async function completeNotification(
  requestId: string,
  result: string | null,
  { now = Date.now(), namespace = '' }: { now?: number; namespace?: string } = {},
): Promise<void> {
  await notificationRef(requestId, namespace).set({
    state: 'handled',
    result,
    handledAt: now,
    expiresAt: Timestamp.fromMillis(now + NOTIFICATION_MEMORY_MS),
  });
}

/** Gives a claim back after a failed handling, so that the next delivery handles it for real. */
export async function releaseNotification(requestId: string, namespace = ''): Promise<void> {
  await notificationRef(requestId, namespace).delete();
}

// The Pix payment made for an order (projects/{shop}/pixPayments/{orderId}; this module alone
// reads and writes it), so that the order's page shows the same code again on a reload instead of
// asking Mercado Pago for another one. `expiresAt` is the order's deadline the code was made for
// (a Firestore TTL policy may delete it after that, README).

/** A stored Pix payment, as the order's page shows it. */
export type StoredPix = {
  paymentId: string;
  qrCode: string;
  qrCodeBase64: string;
  amount: number;
  expiresAt: Date;
};

const storedPixSchema = z.object({
  paymentId: z.string().min(1),
  qrCode: z.string().min(1),
  qrCodeBase64: z.string().min(1),
  amount: z.number(),
  expiresAt: z.instanceof(Timestamp).transform((value) => value.toDate()),
});

/** The Pix payment stored for `orderId`, or null (none, or unreadable: then a new one is made). */
export async function getStoredPix(orderId: string): Promise<StoredPix | null> {
  const snapshot = await pixPaymentsCollection().doc(orderId).get();
  const parsed = storedPixSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : null;
}

/** Stores the Pix payment made for `orderId`, replacing an older one (a new deadline). */
export async function storePix(orderId: string, pix: StoredPix): Promise<void> {
  await pixPaymentsCollection()
    .doc(orderId)
    .set({
      ...pix,
      expiresAt: Timestamp.fromDate(pix.expiresAt),
      createdAt: Timestamp.now(),
    });
}

/**
 * Forgets the stored Pix of `orderId` when it is `paymentId` (cancelled at Mercado Pago, so never
 * to be shown again); a newer one is kept.
 */
export async function dropStoredPix(orderId: string, paymentId: string): Promise<void> {
  const ref = pixPaymentsCollection().doc(orderId);
  await ref.firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (snapshot.get('paymentId') === paymentId) transaction.delete(ref);
  });
}

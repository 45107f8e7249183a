import 'server-only';

import { z } from 'zod';

import { membershipsCollection, runTransaction } from '@/lib/firebase/admin';
import { setUserMemberInTransaction } from '@/lib/users/repository';

import { PLAN_KEYS } from './config';
import {
  applyPreapproval,
  isMemberState,
  MEMBERSHIP_STATES,
  type Membership,
  type Preapproval,
} from './membership';

// The club's memberships (projects/{shop}/memberships/{uid}; this module alone reads and writes
// it): one document per shopper, their latest subscription. Every change of state is written in
// one transaction with the user's `isMember` flag (lib/users/repository.ts), so the two agree.

const nullableTime = z.number().int().nonnegative().nullable().catch(null);

/** The stored document, read with a safe fallback per field (as lib/orders/repository.ts). */
const storedSchema = z.object({
  uid: z.string().min(1),
  email: z.string().catch(''),
  plan: z.enum(PLAN_KEYS),
  state: z.enum(MEMBERSHIP_STATES),
  provider: z.enum(['mercadopago', 'manual']).catch('mercadopago'),
  preapprovalId: z.string().min(1).nullable().catch(null),
  initPoint: z.string().nullable().catch(null),
  nextChargeAt: nullableTime,
  sourceModifiedAt: nullableTime,
  createdAt: z.number().int().nonnegative().catch(0),
  updatedAt: z.number().int().nonnegative().catch(0),
});

function reshape(uid: string, data: unknown): Membership | null {
  const parsed = storedSchema.safeParse({ ...(data as object), uid });
  return parsed.success ? parsed.data : null;
}

/** `uid`'s membership, or null when they never joined (or the document is unreadable). */
export async function getMembership(uid: string): Promise<Membership | null> {
  const snapshot = await membershipsCollection().doc(uid).get();
  return snapshot.exists ? reshape(uid, snapshot.data()) : null;
}

export type StartOutcome =
  | { result: 'started'; membership: Membership }
  /** Active or paused already: one membership per shopper. */
  | { result: 'already-member'; membership: Membership };

/**
 * Stores `membership` (a new pending subscription) unless the shopper's current one is active or
 * paused; a pending or cancelled one is replaced. `isMember` stays as it is (false) until the
 * webhook reports the subscription authorised.
 */
export function startMembership(membership: Membership): Promise<StartOutcome> {
  const ref = membershipsCollection().doc(membership.uid);
  return runTransaction(async (transaction): Promise<StartOutcome> => {
    const snapshot = await transaction.get(ref);
    const current = snapshot.exists ? reshape(membership.uid, snapshot.data()) : null;
    if (current && (current.state === 'active' || current.state === 'paused')) {
      return { result: 'already-member', membership: current };
    }
    transaction.set(ref, membership);
    return { result: 'started', membership };
  });
}

/**
 * Applies the preapproval as Mercado Pago reports it to its shopper's membership (its
 * external_reference is their uid), with `isMember`, in one transaction. Returns what happened,
 * for the webhook's answer and log: 'updated', or why nothing was written.
 */
export function applyPreapprovalUpdate(
  preapproval: Preapproval,
  now = Date.now(),
): Promise<
  | 'updated'
  | 'unknown-membership'
  | Exclude<ReturnType<typeof applyPreapproval>['result'], 'updated'>
> {
  const uid = preapproval.externalReference;
  if (!uid || uid.includes('/')) return Promise.resolve('unknown-membership');
  const ref = membershipsCollection().doc(uid);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const current = snapshot.exists ? reshape(uid, snapshot.data()) : null;
    if (!current) return 'unknown-membership' as const;
    const outcome = applyPreapproval(current, preapproval, now);
    if (outcome.result !== 'updated') return outcome.result;
    transaction.set(ref, outcome.membership);
    setUserMemberInTransaction(transaction, uid, isMemberState(outcome.membership.state));
    return 'updated' as const;
  });
}

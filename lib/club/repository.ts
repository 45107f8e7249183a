import 'server-only';

import { z } from 'zod';

import { centavosFromReais } from '@/lib/catalogue/format';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import type { Transaction } from 'firebase-admin/firestore';

import { membershipsCollection, runTransaction } from '@/lib/firebase/admin';
import { locales } from '@/lib/i18n/locales';
import { getUserNameInTransaction, setUserMemberInTransaction } from '@/lib/users/repository';

import { PLAN_KEYS } from './config';
import {
  applyCharge,
  applyPreapproval,
  type AuthorizedPayment,
  type ChargeOutcome,
  isMemberState,
  MEMBERSHIP_STATES,
  type Membership,
  type Preapproval,
} from './membership';

// The club's memberships (projects/{shop}/memberships/{uid}; this module alone reads and writes
// it): one document per shopper, their latest subscription. Every change of state is written in
// one transaction with the user's `isMember` flag (lib/users/repository.ts), so the two agree.

const nullableTime = z.number().int().nonnegative().nullable().catch(null);

/** The stored document, read with a safe fallback per field (as lib/orders/repository/stored.ts). */
const storedSchema = z.object({
  uid: z.string().min(1),
  email: z.string().catch(''),
  plan: z.enum(PLAN_KEYS),
  state: z.enum(MEMBERSHIP_STATES),
  locale: z.enum(locales).catch('pt-BR'),
  boxMonths: z
    .array(z.string().regex(/^\d{4}-\d{2}$/))
    .catch([])
    .default([]),
  provider: z.enum(['mercadopago', 'manual']).catch('mercadopago'),
  preapprovalId: z.string().min(1).nullable().catch(null),
  initPoint: z.string().nullable().catch(null),
  nextChargeAt: nullableTime,
  sourceModifiedAt: nullableTime,
  lastCharge: z
    .preprocess(
      // A charge stored before amounts were centavos holds reais.
      (raw) =>
        raw && typeof raw === 'object' && (raw as { amountsIn?: unknown }).amountsIn !== 'centavos'
          ? { ...raw, amount: centavosFromReais(Number((raw as { amount?: unknown }).amount)) }
          : raw,
      z
        .object({
          id: z.string().min(1),
          status: z.enum(['approved', 'rejected']),
          amount: z.number().int().nonnegative(),
          at: z.number().int().nonnegative(),
        })
        .transform(({ id, status, amount, at }) => ({ id, status, amount, at })),
    )
    .nullable()
    .catch(null)
    .default(null),
  createdAt: z.number().int().nonnegative().catch(0),
  updatedAt: z.number().int().nonnegative().catch(0),
});

/** The document to store: its charge marked as centavos (older ones were reais). */
function stored(membership: Membership) {
  const { lastCharge } = membership;
  if (!lastCharge) return membership;
  return { ...membership, lastCharge: { ...lastCharge, amountsIn: 'centavos' } };
}

function reshape(uid: string, data: unknown): Membership | null {
  const parsed = storedSchema.safeParse({ ...(data as object), uid });
  return parsed.success ? parsed.data : null;
}

/** `uid`'s membership, or null when they never joined (or the document is unreadable). */
export async function getMembership(uid: string): Promise<Membership | null> {
  const snapshot = await membershipsCollection().doc(uid).get();
  return snapshot.exists ? reshape(uid, snapshot.data()) : null;
}

/** getMembership within the backend deadline (lib/deadline.ts): a frozen Firestore rejects. */
export function getMembershipInTime(
  uid: string,
  ms = backendDeadlineMs(),
): Promise<Membership | null> {
  return withDeadline(getMembership(uid), ms, 'membership read');
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
    transaction.set(ref, stored(membership));
    return { result: 'started', membership };
  });
}

export type UpdateOutcome =
  /** Written: the membership as it was and as it is now (its e-mails follow the change). */
  | { result: 'updated'; before: Membership; after: Membership }
  | {
      result:
        'unknown-membership' | Exclude<ReturnType<typeof applyPreapproval>['result'], 'updated'>;
    };

/**
 * What else a membership change writes in its transaction (its e-mails, lib/club/notify.ts),
 * given the member's name as stored with their account.
 */
export type WithChange<T> = (transaction: Transaction, change: T, name: string) => void;

/**
 * Applies the preapproval as Mercado Pago reports it to its shopper's membership (its
 * external_reference is their uid), with `isMember` and what `alsoWrite` adds, in one
 * transaction. Returns what happened, for the webhook's answer and log: 'updated', or why
 * nothing was written.
 */
export function applyPreapprovalUpdate(
  preapproval: Preapproval,
  now = Date.now(),
  alsoWrite?: WithChange<{ before: Membership; after: Membership }>,
): Promise<UpdateOutcome> {
  const uid = preapproval.externalReference;
  if (!uid || uid.includes('/')) return Promise.resolve({ result: 'unknown-membership' });
  const ref = membershipsCollection().doc(uid);
  return runTransaction(async (transaction): Promise<UpdateOutcome> => {
    const snapshot = await transaction.get(ref);
    const current = snapshot.exists ? reshape(uid, snapshot.data()) : null;
    if (!current) return { result: 'unknown-membership' };
    const outcome = applyPreapproval(current, preapproval, now);
    if (outcome.result !== 'updated') return { result: outcome.result };
    const name = alsoWrite ? await getUserNameInTransaction(transaction, uid) : '';
    transaction.set(ref, stored(outcome.membership));
    setUserMemberInTransaction(transaction, uid, isMemberState(outcome.membership.state));
    alsoWrite?.(transaction, { before: current, after: outcome.membership }, name);
    return { result: 'updated', before: current, after: outcome.membership };
  });
}

export type ChargeUpdateOutcome =
  | Exclude<ChargeOutcome, { result: 'charged' | 'charge-failed' }>
  /** Written: the membership as it is now and the charge, whose e-mail follows. */
  | Extract<ChargeOutcome, { result: 'charged' | 'charge-failed' }>
  | { result: 'unknown-membership' };

/**
 * Records the monthly charge `payment` on the membership of its preapproval, in one transaction
 * (the membership is found by its preapprovalId: a charge does not name the shopper), with what
 * `alsoWrite` adds. Returns what happened: 'charged' or 'charge-failed' when written, else why
 * nothing was.
 */
export function applyChargeUpdate(
  payment: AuthorizedPayment,
  now = Date.now(),
  alsoWrite?: WithChange<Extract<ChargeOutcome, { result: 'charged' | 'charge-failed' }>>,
): Promise<ChargeUpdateOutcome> {
  const query = membershipsCollection()
    .where('preapprovalId', '==', payment.preapprovalId)
    .limit(1);
  return runTransaction(async (transaction): Promise<ChargeUpdateOutcome> => {
    const [doc] = (await transaction.get(query)).docs;
    const current = doc ? reshape(doc.id, doc.data()) : null;
    if (!doc || !current) return { result: 'unknown-membership' };
    const outcome = applyCharge(current, payment, now);
    if (outcome.result === 'charged' || outcome.result === 'charge-failed') {
      const name = alsoWrite ? await getUserNameInTransaction(transaction, doc.id) : '';
      transaction.set(doc.ref, stored(outcome.membership));
      alsoWrite?.(transaction, outcome, name);
    }
    return outcome;
  });
}

/** How many memberships the panel reads at most (the club is small; see docs/SCALING.md). */
export const MAX_LISTED_MEMBERSHIPS = 2000;

/** Every membership, newest first (the control panel's club page). */
export async function listMemberships(): Promise<Membership[]> {
  const snapshot = await membershipsCollection()
    .orderBy('createdAt', 'desc')
    .limit(MAX_LISTED_MEMBERSHIPS)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const membership = reshape(doc.id, doc.data());
    return membership ? [membership] : [];
  });
}

/** Memberships per plan in `state`: one count query per plan (the panel home). */
export async function countMembershipsByPlan(
  state: Membership['state'],
): Promise<Record<Membership['plan'], number>> {
  const counts = await Promise.all(
    PLAN_KEYS.map(async (plan) => {
      const snapshot = await membershipsCollection()
        .where('state', '==', state)
        .where('plan', '==', plan)
        .count()
        .get();
      return [plan, snapshot.data().count] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Membership['plan'], number>;
}

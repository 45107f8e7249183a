// A club membership and the moves of its state (pure, shared with the browser). Mercado Pago's
// preapproval (subscription) is the truth: the webhook fetches it and `applyPreapproval` decides
// what the stored membership becomes. A membership is active only while its preapproval is
// authorized, and `isMember` on the user record follows that (lib/club/repository.ts).
import type { AppLocale } from '@/lib/i18n/locales';

import { clubMonth, type ClubPlanKey } from './config';

export const MEMBERSHIP_STATES = ['pending', 'active', 'paused', 'cancelled'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

export type Membership = {
  uid: string;
  email: string;
  plan: ClubPlanKey;
  state: MembershipState;
  /** The language the member joined in: their e-mails are written in it. */
  locale: AppLocale;
  /**
   * The club months ('YYYY-MM', Brazil's time) in which the membership was active, oldest first:
   * each is a box the member gets (the shipping list) and has received.
   */
  boxMonths: string[];
  /** How the shopper joined: Mercado Pago's subscription, or by hand after a WhatsApp chat. */
  provider: 'mercadopago' | 'manual';
  /** Mercado Pago's preapproval id; null for a manual membership. */
  preapprovalId: string | null;
  /** Where the shopper authorises the subscription at Mercado Pago (while pending). */
  initPoint: string | null;
  /** Mercado Pago's next charge, ms since the epoch; null when none is planned. */
  nextChargeAt: number | null;
  /** Mercado Pago's last_modified of the preapproval last applied (ms): older reads are stale. */
  sourceModifiedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

/** The moves a membership may make; 'cancelled' is final (a new subscription is a new start). */
export const MEMBERSHIP_TRANSITIONS: Record<MembershipState, readonly MembershipState[]> = {
  pending: ['active', 'paused', 'cancelled'],
  active: ['paused', 'cancelled'],
  paused: ['active', 'cancelled'],
  cancelled: [],
};

export function canMove(from: MembershipState, to: MembershipState): boolean {
  return MEMBERSHIP_TRANSITIONS[from].includes(to);
}

/** Whether the membership gives the member's perks and `isMember`. */
export function isMemberState(state: MembershipState | null | undefined): boolean {
  return state === 'active';
}

/**
 * A Mercado Pago preapproval status as a membership state, or null for a status the shop does not
 * know (left as it is). 'finished' (its end date passed) ends the membership like a cancellation.
 */
export function stateFromPreapprovalStatus(status: string): MembershipState | null {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'authorized':
      return 'active';
    case 'paused':
      return 'paused';
    case 'cancelled':
    case 'finished':
      return 'cancelled';
    default:
      return null;
  }
}

/** The fields of a preapproval the shop relies on (lib/club/mercadopago.ts reads them). */
export type Preapproval = {
  id: string;
  status: string;
  /** The member's uid, which the shop sets when creating it. */
  externalReference: string | null;
  /** ms since the epoch, or null when Mercado Pago sent none. */
  lastModifiedAt: number | null;
  nextPaymentAt: number | null;
};

export type PreapprovalOutcome =
  /** The membership moved (or took a newer next charge); `membership` is what to store. */
  | { result: 'updated'; membership: Membership }
  /** Nothing to store: the same state and charge date again, or an older read than the stored. */
  | { result: 'unchanged' | 'stale' }
  /** Not this membership's preapproval (another, older subscription of the shopper, say). */
  | { result: 'other-preapproval' }
  /** A move the states do not allow (cancelled back to active) or an unknown status. */
  | { result: 'refused' | 'unknown-status' };

/**
 * What `membership` becomes with `preapproval` as Mercado Pago reports it now. Deliveries repeat
 * and arrive out of order: the same report again changes nothing, and a report older than the one
 * applied (last_modified) is stale.
 */
export function applyPreapproval(
  membership: Membership,
  preapproval: Preapproval,
  now: number,
): PreapprovalOutcome {
  if (membership.preapprovalId !== preapproval.id) return { result: 'other-preapproval' };
  const state = stateFromPreapprovalStatus(preapproval.status);
  if (!state) return { result: 'unknown-status' };
  if (
    preapproval.lastModifiedAt !== null &&
    membership.sourceModifiedAt !== null &&
    preapproval.lastModifiedAt < membership.sourceModifiedAt
  ) {
    return { result: 'stale' };
  }
  const nextChargeAt = state === 'active' ? preapproval.nextPaymentAt : null;
  const month = clubMonth(new Date(now));
  const boxMonths =
    state === 'active' && !membership.boxMonths.includes(month)
      ? [...membership.boxMonths, month]
      : membership.boxMonths;
  if (state === membership.state) {
    if (nextChargeAt === membership.nextChargeAt && boxMonths === membership.boxMonths) {
      return { result: 'unchanged' };
    }
  } else if (!canMove(membership.state, state)) {
    return { result: 'refused' };
  }
  return {
    result: 'updated',
    membership: {
      ...membership,
      state,
      nextChargeAt,
      boxMonths,
      // Authorised (or ended): the checkout link is spent.
      initPoint: state === 'pending' ? membership.initPoint : null,
      sourceModifiedAt: preapproval.lastModifiedAt ?? membership.sourceModifiedAt,
      updatedAt: now,
    },
  };
}

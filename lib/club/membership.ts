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
  /** The latest monthly charge Mercado Pago reported (absent before the first). */
  lastCharge?: MembershipCharge | null;
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
/** Whether Mercado Pago charges under the preapproval status `status`, or will again (paused). */
export function mayCharge(status: string): boolean {
  return status === 'authorized' || status === 'paused';
}

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

/** A monthly charge of a subscription (Mercado Pago's authorized payment) as the shop keeps it. */
export type MembershipCharge = {
  id: string;
  status: 'approved' | 'rejected';
  /** Centavos, as Mercado Pago charged them. */
  amount: number;
  /** When it was debited (or attempted), ms since the epoch. */
  at: number;
};

/** The fields of an authorized payment the shop relies on (lib/club/mercadopago.ts reads them). */
export type AuthorizedPayment = {
  id: string;
  preapprovalId: string;
  /** Of the payment made for it: 'approved', 'rejected' (Mercado Pago retries), others pending. */
  paymentStatus: string | null;
  /** The charge's own status; 'cancelled' means Mercado Pago gave up on it. */
  status: string;
  amount: number;
  /** debit_date, else date_created, ms; null when Mercado Pago sent neither. */
  at: number | null;
};

export type ChargeOutcome =
  /** Recorded: the membership to store and which e-mail the charge sends. */
  | { result: 'charged' | 'charge-failed'; membership: Membership; charge: MembershipCharge }
  /** Known already (the same charge in the same status), or an older failure than the last. */
  | { result: 'unchanged' | 'stale' }
  /** Not this membership's subscription, or a charge neither approved nor failed yet. */
  | { result: 'other-preapproval' | 'charge-pending' };

/**
 * What `membership` becomes with the monthly charge `payment`. An approved charge adds its club
 * month to `boxMonths` once and becomes the last charge; a rejected one (Mercado Pago retries it)
 * is only recorded. The same charge in the same status again changes nothing, so it mails once.
 */
export function applyCharge(
  membership: Membership,
  payment: AuthorizedPayment,
  now: number,
): ChargeOutcome {
  if (membership.preapprovalId !== payment.preapprovalId) return { result: 'other-preapproval' };
  const status =
    payment.paymentStatus === 'approved'
      ? 'approved'
      : payment.paymentStatus === 'rejected' && payment.status !== 'cancelled'
        ? 'rejected'
        : null;
  if (!status) return { result: 'charge-pending' };
  const charge: MembershipCharge = {
    id: payment.id,
    status,
    amount: payment.amount,
    at: payment.at ?? now,
  };
  const last = membership.lastCharge ?? null;
  if (last && last.id === charge.id && last.status === charge.status)
    return { result: 'unchanged' };
  // An older charge reported late keeps the newer as the last one.
  const newest = !last || last.id === charge.id || charge.at >= last.at;
  const month = clubMonth(new Date(charge.at));
  if (status === 'rejected') {
    if (!newest) return { result: 'stale' };
    return {
      result: 'charge-failed',
      membership: { ...membership, lastCharge: charge, updatedAt: now },
      charge,
    };
  }
  if (!newest && membership.boxMonths.includes(month)) return { result: 'unchanged' };
  const boxMonths = membership.boxMonths.includes(month)
    ? membership.boxMonths
    : [...membership.boxMonths, month].sort();
  return {
    result: 'charged',
    membership: {
      ...membership,
      boxMonths,
      lastCharge: newest ? charge : last,
      updatedAt: now,
    },
    charge,
  };
}

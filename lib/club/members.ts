import type { Address } from '@/lib/users/types';
import { editableAddress } from '@/lib/users/profile-edit';

import type { ClubPlanKey } from './config';
import { MEMBERSHIP_STATES, type Membership, type MembershipState } from './membership';

// The control panel's club (pure): members as the panel lists them, its filter and search, and the
// month's shipping list. The server reads the rows (./members-read.ts).

export type ClubMemberRow = {
  uid: string;
  name: string;
  email: string;
  plan: ClubPlanKey;
  state: MembershipState;
  /** ms since the epoch. */
  createdAt: number;
  nextChargeAt: number | null;
  /** The profile's delivery address, placeholders emptied; null without a user record. */
  address: Address | null;
};

/** A membership and its member's profile as one row. */
export function memberRow(
  membership: Membership,
  contact: { name: string; email: string; address: Address } | undefined,
): ClubMemberRow {
  return {
    uid: membership.uid,
    name: contact?.name ?? '',
    email: membership.email || contact?.email || '',
    plan: membership.plan,
    state: membership.state,
    createdAt: membership.createdAt,
    nextChargeAt: membership.nextChargeAt,
    address: contact ? editableAddress(contact.address) : null,
  };
}

export type MemberFilters = { state: MembershipState | null; q: string };

/** The panel's filters from its query string; anything unknown is no filter. */
export function parseMemberFilters(
  params: Record<string, string | string[] | undefined>,
): MemberFilters {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const state = one(params.state);
  return {
    state: (MEMBERSHIP_STATES as readonly string[]).includes(state ?? '')
      ? (state as MembershipState)
      : null,
    q: (one(params.q) ?? '').trim().slice(0, 100),
  };
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The rows in `filters.state` whose name or e-mail contains `filters.q` (case and accents aside). */
export function filterMembers(
  rows: readonly ClubMemberRow[],
  filters: MemberFilters,
): ClubMemberRow[] {
  const q = fold(filters.q);
  return rows.filter(
    (row) =>
      (filters.state === null || row.state === filters.state) &&
      (q === '' || fold(row.name).includes(q) || fold(row.email).includes(q)),
  );
}

/** Who gets this month's box: every active member, by name. */
export function shippingList(rows: readonly ClubMemberRow[]): ClubMemberRow[] {
  return rows
    .filter((row) => row.state === 'active')
    .sort((a, b) => fold(a.name || a.email).localeCompare(fold(b.name || b.email)));
}

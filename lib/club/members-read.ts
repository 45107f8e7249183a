import 'server-only';

import { getUserContacts } from '@/lib/users/repository';

import { memberRow, type ClubMemberRow } from './members';
import { listMemberships } from './repository';

/** Every membership with its member's name and address (the control panel's club page). */
export async function listClubMembers(): Promise<ClubMemberRow[]> {
  const memberships = await listMemberships();
  const contacts = await getUserContacts(memberships.map((membership) => membership.uid));
  return memberships.map((membership) => memberRow(membership, contacts.get(membership.uid)));
}

import 'server-only';

import { z } from 'zod';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { signedInUseCase } from '@/lib/session/use-case';

import { clubFault } from './fault';
import { canMove, type Membership, type MembershipState } from './membership';
import { setPreapprovalStatus } from './mercadopago';
import { applyPreapprovalAndNotify } from './notify';
import { getMembershipInTime } from './repository';

// The member pauses, resumes or cancels their membership (POST /api/club/membership): the server
// asks Mercado Pago to change the subscription (PUT /preapproval/{id}), then applies the
// subscription as Mercado Pago answers it, so the page shows the new state at once; the webhook
// that follows confirms it and changes nothing more (lib/club/notify.ts).

export const MEMBERSHIP_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];

export type ChangeMembershipResult =
  | { ok: true; state: MembershipState }
  | {
      ok: false;
      error:
        | 'invalid'
        | 'unauthenticated'
        | 'not-member'
        | 'not-allowed'
        | 'temporarily-unavailable'
        | 'server-error';
    };

const inputSchema = z.strictObject({ action: z.enum(MEMBERSHIP_ACTIONS) });

const TARGET: Record<
  MembershipAction,
  { state: MembershipState; status: 'paused' | 'authorized' | 'cancelled' }
> = {
  pause: { state: 'paused', status: 'paused' },
  resume: { state: 'active', status: 'authorized' },
  cancel: { state: 'cancelled', status: 'cancelled' },
};

/** Whether `membership` may take `action` now (pure; the page offers only these). */
export function allowedAction(
  membership: Pick<Membership, 'state' | 'provider' | 'preapprovalId'>,
  action: MembershipAction,
): boolean {
  if (membership.provider !== 'mercadopago' || !membership.preapprovalId) return false;
  // A pending subscription was never authorised: it can only be dropped.
  if (membership.state === 'pending') return action === 'cancel';
  return canMove(membership.state, TARGET[action].state);
}

/** The signed-in member's `input.action`. Never throws. */
export async function changeMembership(input: unknown): Promise<ChangeMembershipResult> {
  return signedInUseCase(
    input,
    { schema: inputSchema, during: 'club-change', fault: clubFault },
    async ({ user: { uid }, input: { action }, log }): Promise<ChangeMembershipResult> => {
      const deadline = backendDeadlineMs();
      const membership = await getMembershipInTime(uid, deadline);
      if (!membership || membership.state === 'cancelled')
        return { ok: false, error: 'not-member' };
      if (!allowedAction(membership, action)) return { ok: false, error: 'not-allowed' };
      const preapproval = await withDeadline(
        setPreapprovalStatus(membership.preapprovalId!, TARGET[action].status),
        deadline,
        'preapproval change',
      );
      const outcome = await withDeadline(
        applyPreapprovalAndNotify(preapproval),
        deadline,
        'membership write',
      );
      log.event('club.changed', { uid, action, outcome: outcome.result });
      const now = await getMembershipInTime(uid, deadline);
      return { ok: true, state: now?.state ?? TARGET[action].state };
    },
  );
}

import 'server-only';

import { z } from 'zod';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { locales } from '@/lib/i18n/locales';
import { logFailure } from '@/lib/log';
import { getMercadoPagoConfig } from '@/lib/payments/mercadopago';
import { signedInUseCase } from '@/lib/session/use-case';

import { getClubPlan, PLAN_KEYS } from './config';
import { clubFault } from './fault';
import { mayCharge, type Membership } from './membership';
import { createPreapproval, getPreapproval, setPreapprovalStatus } from './mercadopago';
import { applyPreapprovalAndNotify } from './notify';
import { getMembershipInTime, startMembership } from './repository';

// Joining the club (POST /api/club/join): a signed-in shopper picks a plan; the server creates the
// Mercado Pago subscription with the shopper's e-mail and stores the pending membership, and the
// shopper goes to Mercado Pago to authorise it. Without Mercado Pago configured, joining is by
// WhatsApp, as orders are (the page holds the chat link).

export type JoinClubResult =
  | { ok: true; mode: 'mercadopago'; initPoint: string }
  | { ok: true; mode: 'whatsapp' }
  | {
      ok: false;
      error:
        | 'invalid'
        | 'unauthenticated'
        | 'already-member'
        | 'temporarily-unavailable'
        | 'server-error';
    };

const joinInputSchema = z.object({ plan: z.enum(PLAN_KEYS), locale: z.enum(locales) }).strict();

/**
 * Two joins of one plan by one shopper, from one state, within this window share one
 * subscription.
 */
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

/** The signed-in shopper joins the plan `input.plan`. Never throws. */
export async function joinClub(input: unknown, now = Date.now()): Promise<JoinClubResult> {
  return signedInUseCase(
    input,
    { schema: joinInputSchema, during: 'club-join', fault: clubFault },
    async ({ user, input: joining }): Promise<JoinClubResult> => {
      const plan = getClubPlan(joining.plan);
      if (!plan) return { ok: false, error: 'invalid' };
      if (!getMercadoPagoConfig()) return { ok: true, mode: 'whatsapp' };

      const deadline = backendDeadlineMs();
      const current = await getMembershipInTime(user.uid, deadline);
      if (current?.state === 'active' || current?.state === 'paused') {
        return { ok: false, error: 'already-member' };
      }
      // The same plan asked again while its subscription waits: the same link, no second one.
      if (current?.state === 'pending' && current.plan === plan.key && current.initPoint) {
        return { ok: true, mode: 'mercadopago', initPoint: current.initPoint };
      }
      // The pending subscription may have been authorised a moment ago, its notification not in
      // yet: the shopper is then a member, and it is applied rather than replaced and cancelled.
      const left = current?.state === 'pending' ? current.preapprovalId : null;
      if (left) {
        const leftNow = await withDeadline(getPreapproval(left), deadline, 'preapproval read');
        if (leftNow && leftNow.id === left && mayCharge(leftNow.status)) {
          await withDeadline(applyPreapprovalAndNotify(leftNow), deadline, 'membership write');
          return { ok: false, error: 'already-member' };
        }
      }
      const created = await withDeadline(
        createPreapproval({
          uid: user.uid,
          email: user.email,
          plan,
          reason: `${plan.name[joining.locale]} — Chocolates Tropicais`,
          locale: joining.locale,
          // The subscription it replaces is part of the key: coming back to a plan left earlier
          // must not answer that plan's first subscription, cancelled when it was left.
          idempotencyKey: [
            'club',
            user.uid,
            plan.key,
            current?.preapprovalId ?? 'first',
            Math.floor(now / IDEMPOTENCY_WINDOW_MS),
          ].join('-'),
        }),
        deadline,
        'preapproval',
      );
      const membership: Membership = {
        uid: user.uid,
        email: user.email,
        plan: plan.key,
        state: 'pending',
        locale: joining.locale,
        boxMonths: [],
        provider: 'mercadopago',
        preapprovalId: created.preapprovalId,
        initPoint: created.initPoint,
        nextChargeAt: null,
        sourceModifiedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      const outcome = await withDeadline(startMembership(membership), deadline, 'membership write');
      if (outcome.result === 'already-member') return { ok: false, error: 'already-member' };
      // The plan left for this one: its link must not start a second monthly charge. A failure
      // here does not undo the join; the webhook cancels that subscription if it is authorised
      // (./webhook.ts).
      if (left && left !== created.preapprovalId) {
        await withDeadline(setPreapprovalStatus(left, 'cancelled'), deadline, 'preapproval cancel')
          .then(() => undefined)
          .catch((error: unknown) => logFailure('club.cancel_failed', error, { uid: user.uid }));
      }
      return { ok: true, mode: 'mercadopago', initPoint: created.initPoint };
    },
  );
}

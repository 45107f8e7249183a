import 'server-only';

import { logEvent } from '@/lib/log';
import type { TopicHandlers } from '@/lib/payments/webhook';

import { getAuthorizedPayment, getPreapproval, setPreapprovalStatus } from './mercadopago';
import { mayCharge } from './membership';
import { applyChargeAndNotify, applyPreapprovalAndNotify } from './notify';

// The club's Mercado Pago notifications. lib/payments/webhook.ts has checked the signature and
// claimed the notification (replays answer 'duplicate' there); here the subscription (or its
// monthly charge) is fetched from Mercado Pago (the notification body is never trusted)
// and applied to the membership.

/**
 * A 'subscription_preapproval' notification about the preapproval `dataId`. One that is not the
 * shopper's membership (a plan they left for another before authorising it, then authorised
 * from the old link) would charge them every month for nothing: it is cancelled at Mercado Pago.
 * When that call fails the webhook answers 503 and Mercado Pago sends the notification again.
 */
export async function applyPreapprovalNotification(dataId: string): Promise<string> {
  const preapproval = await getPreapproval(dataId);
  if (!preapproval || preapproval.id !== dataId) return 'unknown-preapproval';
  const { result } = await applyPreapprovalAndNotify(preapproval);
  if (result === 'other-preapproval' && mayCharge(preapproval.status)) {
    await setPreapprovalStatus(dataId, 'cancelled');
    // Authorising it may have charged a first month: said loudly, for the shop to refund.
    logEvent(
      'club.other_cancelled',
      { preapprovalId: dataId, uid: preapproval.externalReference ?? undefined },
      'error',
    );
    return 'other-preapproval-cancelled';
  }
  return result;
}

/** A 'subscription_authorized_payment' notification: the monthly charge `dataId`. */
export async function applyChargeNotification(dataId: string): Promise<string> {
  const payment = await getAuthorizedPayment(dataId);
  if (!payment || payment.id !== dataId) return 'unknown-charge';
  return (await applyChargeAndNotify(payment)).result;
}

/** The notification types the club handles, for the webhook route. */
export const CLUB_WEBHOOK_TOPICS: TopicHandlers = {
  subscription_preapproval: applyPreapprovalNotification,
  subscription_authorized_payment: applyChargeNotification,
};

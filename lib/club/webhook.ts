import 'server-only';

import type { TopicHandlers } from '@/lib/payments/webhook';

import { getAuthorizedPayment, getPreapproval } from './mercadopago';
import { applyChargeAndNotify, applyPreapprovalAndNotify } from './notify';

// The club's Mercado Pago notifications. lib/payments/webhook.ts has checked the signature and
// claimed the notification (replays answer 'duplicate' there); here the subscription (or its
// monthly charge) is fetched from Mercado Pago (the notification body is never trusted)
// and applied to the membership.

/** A 'subscription_preapproval' notification about the preapproval `dataId`. */
export async function applyPreapprovalNotification(dataId: string): Promise<string> {
  const preapproval = await getPreapproval(dataId);
  if (!preapproval || preapproval.id !== dataId) return 'unknown-preapproval';
  return (await applyPreapprovalAndNotify(preapproval)).result;
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

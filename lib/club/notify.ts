import 'server-only';

import { queueMessages } from '@/lib/mail/queue';
import { sendQueuedMailSoon } from '@/lib/mail/sender';

import { clubMonth } from './config';
import { chargeMail, membershipMails } from './emails';
import type { AuthorizedPayment, Preapproval } from './membership';
import {
  applyChargeUpdate,
  applyPreapprovalUpdate,
  type ChargeUpdateOutcome,
  type UpdateOutcome,
} from './repository';

// The one way a Mercado Pago report reaches a membership, from the webhook (./webhook.ts) and
// from the member's own pause or cancel (./manage.ts): applied in one transaction that also writes
// the change's e-mails (lib/mail/queue.ts), sent after the response. A report applied twice (the
// member's call, then the webhook confirming it) is 'unchanged' the second time, so each e-mail
// goes once.

/** Applies `preapproval`, with the e-mails of the change it makes, if any. */
export async function applyPreapprovalAndNotify(preapproval: Preapproval): Promise<UpdateOutcome> {
  const outcome = await applyPreapprovalUpdate(
    preapproval,
    Date.now(),
    (transaction, { before, after }, name) =>
      queueMessages(transaction, ({ shopAddress }) =>
        membershipMails(before, after, name, shopAddress),
      ),
  );
  if (outcome.result === 'updated') sendQueuedMailSoon();
  return outcome;
}

/**
 * Records the monthly charge `payment` on its membership, with its e-mail to the member
 * (received, or failed and to be retried). Recorded once per charge and status, so a second
 * report of it sends nothing.
 */
export async function applyChargeAndNotify(
  payment: AuthorizedPayment,
): Promise<ChargeUpdateOutcome> {
  const outcome = await applyChargeUpdate(
    payment,
    Date.now(),
    (transaction, { membership, charge }, name) => {
      const month = clubMonth(new Date(charge.at));
      queueMessages(transaction, () => [chargeMail(membership, charge, month, name)]);
    },
  );
  if (outcome.result === 'charged' || outcome.result === 'charge-failed') sendQueuedMailSoon();
  return outcome;
}

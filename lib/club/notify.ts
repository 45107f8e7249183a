import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { getEnv } from '@/lib/env';
import { logFailure } from '@/lib/log';
import { deliverMail } from '@/lib/mail/send';
import type { MailMessage } from '@/lib/mail/templates';
import { getUserContacts } from '@/lib/users/repository';

import { clubMonth } from './config';
import { chargeMail, membershipMails } from './emails';
import type { AuthorizedPayment, Membership, Preapproval } from './membership';
import {
  applyChargeUpdate,
  applyPreapprovalUpdate,
  type ChargeUpdateOutcome,
  type UpdateOutcome,
} from './repository';

// The one way a Mercado Pago report reaches a membership, from the webhook (./webhook.ts) and
// from the member's own pause or cancel (./manage.ts): applied in one transaction, then the
// change's e-mails after the response. A report applied twice (the member's call, then the
// webhook confirming it) is 'unchanged' the second time, so each e-mail goes once.

/** Sends `build`'s e-mails to `member` after the response; a failure is logged, not thrown. */
function mailAfterResponse(
  member: Pick<Membership, 'uid'>,
  build: (name: string, shop: string | null) => MailMessage[],
): void {
  afterResponse(async () => {
    try {
      const contact = (await getUserContacts([member.uid])).get(member.uid);
      const shop = getEnv().mail?.shopAddress ?? null;
      await deliverMail(build(contact?.name ?? '', shop));
    } catch (error) {
      logFailure('mail.failed', error, { what: 'club' });
    }
  });
}

/** Applies `preapproval` and schedules the e-mails of the change it made, if any. */
export async function applyPreapprovalAndNotify(preapproval: Preapproval): Promise<UpdateOutcome> {
  const outcome = await applyPreapprovalUpdate(preapproval);
  if (outcome.result === 'updated') {
    const { before, after } = outcome;
    mailAfterResponse(after, (name, shop) => membershipMails(before, after, name, shop));
  }
  return outcome;
}

/**
 * Records the monthly charge `payment` on its membership and schedules its e-mail to the member
 * (received, or failed and to be retried). Recorded once per charge and status, so a second
 * report of it sends nothing.
 */
export async function applyChargeAndNotify(
  payment: AuthorizedPayment,
): Promise<ChargeUpdateOutcome> {
  const outcome = await applyChargeUpdate(payment);
  if (outcome.result === 'charged' || outcome.result === 'charge-failed') {
    const { membership, charge } = outcome;
    const month = clubMonth(new Date(charge.at));
    mailAfterResponse(membership, (name) => [chargeMail(membership, charge, month, name)]);
  }
  return outcome;
}

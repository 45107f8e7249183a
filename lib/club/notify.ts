import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { getEnv } from '@/lib/env';
import { logFailure } from '@/lib/log';
import { deliverMail } from '@/lib/mail/send';
import { getUserContacts } from '@/lib/users/repository';

import { membershipMails } from './emails';
import type { Preapproval } from './membership';
import { applyPreapprovalUpdate, type UpdateOutcome } from './repository';

// The one way a Mercado Pago report reaches a membership, from the webhook (./webhook.ts) and
// from the member's own pause or cancel (./manage.ts): applied in one transaction, then the
// change's e-mails after the response. A report applied twice (the member's call, then the
// webhook confirming it) is 'unchanged' the second time, so each e-mail goes once.

/** Applies `preapproval` and schedules the e-mails of the change it made, if any. */
export async function applyPreapprovalAndNotify(preapproval: Preapproval): Promise<UpdateOutcome> {
  const outcome = await applyPreapprovalUpdate(preapproval);
  if (outcome.result === 'updated') {
    const { before, after } = outcome;
    afterResponse(async () => {
      try {
        const contact = (await getUserContacts([after.uid])).get(after.uid);
        const shop = getEnv().mail?.shopAddress ?? null;
        await deliverMail(membershipMails(before, after, contact?.name ?? '', shop));
      } catch (error) {
        logFailure('mail.failed', error, { what: 'club' });
      }
    });
  }
  return outcome;
}

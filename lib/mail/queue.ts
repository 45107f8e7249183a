import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';

import { getEnv, type MailConfig } from '@/lib/env';
import { logFailure } from '@/lib/log';

import { queueMail } from './repository';
import { messageDomain } from './send';
import type { MailMessage } from './templates';

/**
 * Inside `transaction`, writes the messages `build` makes for the shop's mail configuration
 * (lib/mail/repository.ts), to be sent once it commits (lib/mail/sender.ts). Nothing when no mail
 * is configured, or the configuration cannot be read (logged): e-mail never fails the change
 * that causes it. Writes only: call it after the transaction's reads.
 */
export function queueMessages(
  transaction: Transaction,
  build: (config: MailConfig) => readonly MailMessage[],
): void {
  let config: MailConfig | null;
  try {
    config = getEnv().mail;
  } catch (error) {
    logFailure('mail.failed', error, { what: 'configuration' });
    return;
  }
  if (config) queueMail(transaction, build(config), messageDomain(config));
}

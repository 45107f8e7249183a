import 'server-only';

import nodemailer from 'nodemailer';

import { getEnv, type MailConfig } from '@/lib/env';

import { writeOutboxFile } from './outbox';
import type { MailMessage } from './templates';
import { logFailure } from '@/lib/log';

// Sending never blocks nor fails an order: callers schedule it after the response (next/server
// `after`), and a failed attempt is logged and retried once, then given up (logged again).

export const RETRY_DELAY_MS = 2_000;

type Sender = (message: MailMessage) => Promise<void>;

const smtpTransports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function smtpSender(config: Extract<MailConfig, { mode: 'smtp' }>): Sender {
  let transport = smtpTransports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(config.smtpUrl);
    smtpTransports.set(config.smtpUrl, transport);
  }
  const smtp = transport;
  return async (message) => {
    await smtp.sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  };
}

// Builds the same RFC 5322 message SMTP would carry, without a server.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

function outboxSender(config: Extract<MailConfig, { mode: 'outbox' }>): Sender {
  return async (message) => {
    const info = await composer.sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      textEncoding: 'quoted-printable',
    });
    await writeOutboxFile(config.directory, message, info.message as Buffer);
  };
}

export function senderFor(config: MailConfig): Sender {
  return config.mode === 'smtp' ? smtpSender(config) : outboxSender(config);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends each message (in order), retrying a failed one once after `retryDelayMs`. Never throws:
 * returns how many were delivered. Messages without a recipient are skipped.
 */
export async function deliverMail(
  messages: readonly MailMessage[],
  options: { config?: MailConfig | null; retryDelayMs?: number } = {},
): Promise<number> {
  let config: MailConfig | null;
  try {
    config = options.config === undefined ? getEnv().mail : options.config;
  } catch (error) {
    logFailure('mail.failed', error, { what: 'configuration' });
    return 0;
  }
  if (!config) return 0;
  const send = senderFor(config);
  let delivered = 0;
  for (const message of messages) {
    if (!message.to) continue;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        await send(message);
        delivered += 1;
        break;
      } catch (error) {
        const fields = { kind: message.kind, orderId: message.orderID, attempt };
        logFailure('mail.failed', error, { ...fields, retry: attempt === 1 });
        if (attempt === 1) await wait(options.retryDelayMs ?? RETRY_DELAY_MS);
      }
    }
  }
  return delivered;
}

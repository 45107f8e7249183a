import 'server-only';

import nodemailer from 'nodemailer';

import type { MailConfig } from '@/lib/env';

import { writeOutboxFile } from './outbox';
import type { MailMessage } from './templates';

// The transports: SMTP, or the local outbox's .eml files. One call sends one stored message
// (lib/mail/repository.ts) with its own Message-ID and date, so a message sent twice (a sender
// that stopped between sending and recording it) is the same message both times: the same
// Message-ID for a mail server, the same file in the outbox. Retries are lib/mail/sender.ts's.

/** A message as the sender hands it over: its id, Message-ID and creation time are stored. */
export type OutgoingMail = MailMessage & { id: string; messageId: string; createdAt: Date };

export type Sender = (mail: OutgoingMail) => Promise<void>;

/** An SMTP server that does not answer is given up on after these (ms), not nodemailer's minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const smtpTransports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function smtpTransport(smtpUrl: string) {
  let transport = smtpTransports.get(smtpUrl);
  if (!transport) {
    const url = new URL(smtpUrl);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
    }
    transport = nodemailer.createTransport(url.toString());
    smtpTransports.set(smtpUrl, transport);
  }
  return transport;
}

function smtpSender(config: Extract<MailConfig, { mode: 'smtp' }>): Sender {
  const smtp = smtpTransport(config.smtpUrl);
  return async (mail) => {
    await smtp.sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      date: mail.createdAt,
    });
  };
}

// Builds the same RFC 5322 message SMTP would carry, without a server.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

function outboxSender(config: Extract<MailConfig, { mode: 'outbox' }>): Sender {
  return async (mail) => {
    const info = await composer.sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      textEncoding: 'quoted-printable',
      messageId: mail.messageId,
      date: mail.createdAt,
    });
    await writeOutboxFile(config.directory, mail, info.message as Buffer);
  };
}

export function senderFor(config: MailConfig): Sender {
  return config.mode === 'smtp' ? smtpSender(config) : outboxSender(config);
}

/** The domain of the shop's From address: the right-hand side of its Message-IDs. */
export function messageDomain(config: Pick<MailConfig, 'from'>): string {
  const address = /<([^>]+)>\s*$/.exec(config.from)?.[1] ?? config.from;
  const domain = address.split('@')[1]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

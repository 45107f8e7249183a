// The mail collection and its sender against a private local Firebase and the local outbox:
// senders running at once send each message once; a sender that stopped after claiming (or after
// sending) leaves a claim that lapses, and the message is then sent again as the same message, to
// the same outbox file; a message refused for good waits in the panel's list until an admin sends
// it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { MailConfig } from '@/lib/env';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { startFakeSmtp } from '@/test/fake-smtp';

import type { MailMessage } from './templates';

jest.setTimeout(90_000);

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

let repository: typeof import('./repository');
let sender: typeof import('./sender');
let outbox: string;
let config: Extract<MailConfig, { mode: 'outbox' }>;

beforeAll(async () => {
  void firebase;
  repository = await import('./repository');
  sender = await import('./sender');
});

beforeEach(() => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'sender-outbox-'));
  config = {
    mode: 'outbox',
    directory: outbox,
    from: 'Loja <loja@chocolates.local>',
    shopAddress: 'pedidos@chocolates.local',
  };
});
afterEach(() => fs.rmSync(outbox, { recursive: true, force: true }));

function message(orderId: string, index: number): MailMessage {
  return {
    kind: 'order-placed',
    orderId,
    to: `shopper-${index}@example.com`,
    subject: `Pedido ${orderId} (${index})`,
    text: `Mensagem ${index}`,
  };
}

/** Writes `messages` as a use-case does: in a transaction. Returns their ids. */
async function queue(messages: MailMessage[], now = Date.now()): Promise<string[]> {
  const { runTransaction } = await import('@/lib/firebase/admin');
  return runTransaction(async (transaction) =>
    repository.queueMail(transaction, messages, 'chocolates.local', now),
  );
}

const files = () => fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'));

it('three senders at once send each of 30 messages once, each with its own Message-ID', async () => {
  const ids = await queue(Array.from({ length: 30 }, (_, index) => message('SENDERAT0001', index)));
  const reports = await Promise.all([1, 2, 3].map(() => sender.sendDueMail({ config })));
  expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
  expect(files()).toHaveLength(30);
  for (const id of ids) {
    const mail = await repository.getMail(id);
    expect(mail).toMatchObject({
      state: 'sent',
      attempts: 1,
      messageId: `<${id}@chocolates.local>`,
    });
    expect(files().filter((file) => file.endsWith(`-${id}.eml`))).toHaveLength(1);
  }
  expect(await sender.sendDueMail({ config })).toEqual({ sent: 0, failed: 0 });
});

it('a claim whose sender stopped lapses after the lease: sent then, once, to the same file', async () => {
  const now = Date.now();
  const [crashed, sentButUnrecorded] = await queue(
    [message('SENDERLEASE1', 1), message('SENDERLEASE1', 2)],
    now,
  );
  // One sender claimed both and stopped: before sending the first, after sending the second.
  await repository.claimMail(crashed!, 'stopped-sender', now, sender.LEASE_MS);
  const claimed = await repository.claimMail(
    sentButUnrecorded!,
    'stopped-sender',
    now,
    sender.LEASE_MS,
  );
  await (await import('./send')).senderFor(config)(claimed!);
  expect(files()).toHaveLength(1);

  // Within the lease nobody else sends them.
  expect(await sender.sendDueMail({ config, now: () => now + 1000 })).toEqual({
    sent: 0,
    failed: 0,
  });
  // After it, both are sent: the second is the same message again, which replaces its own file.
  const later = () => now + sender.LEASE_MS + 1000;
  expect(await sender.sendDueMail({ config, now: later })).toEqual({ sent: 2, failed: 0 });
  expect(files()).toHaveLength(2);
  expect(files().filter((file) => file.endsWith(`-${sentButUnrecorded}.eml`))).toHaveLength(1);
  expect(await repository.getMail(crashed!)).toMatchObject({ state: 'sent', attempts: 2 });
});

it('a message the SMTP server refuses for good is given up, listed, and sent again on request', async () => {
  const smtp = await startFakeSmtp();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const smtpConfig: MailConfig = {
      mode: 'smtp',
      smtpUrl: smtp.url,
      from: 'Loja <loja@example.com>',
      shopAddress: 'loja@example.com',
    };
    const [id] = await queue([message('SENDERFAIL01', 1)]);
    smtp.fail('permanent');
    expect(await sender.sendDueMail({ config: smtpConfig })).toEqual({ sent: 0, failed: 1 });
    const given = await repository.getMail(id!);
    expect(given).toMatchObject({ state: 'failed', dueAt: null, lastError: /SMTP 550/ });
    expect((await repository.listUnsentMail()).map((mail) => mail.id)).toContain(id);
    // Not tried again by itself.
    const muchLater = () => Date.now() + 24 * 3_600_000;
    expect(await sender.sendDueMail({ config: smtpConfig, now: muchLater })).toEqual({
      sent: 0,
      failed: 0,
    });

    smtp.fail(null);
    expect(await repository.resendFailedMail(id!)).toBe(true);
    expect(await sender.sendDueMail({ config: smtpConfig })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([given!.messageId]);
    expect((await repository.listUnsentMail()).map((mail) => mail.id)).not.toContain(id);
    expect(await repository.resendFailedMail(id!)).toBe(false);
  } finally {
    errors.mockRestore();
    await smtp.close();
  }
});

it('a temporary failure is tried again later, each pause longer, until it goes through', async () => {
  const smtp = await startFakeSmtp();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const smtpConfig: MailConfig = {
      mode: 'smtp',
      smtpUrl: smtp.url,
      from: 'Loja <loja@example.com>',
      shopAddress: 'loja@example.com',
    };
    const start = Date.now();
    const [id] = await queue([message('SENDERRETRY1', 1)], start);
    smtp.fail('temporary');
    let clock = start;
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await sender.sendDueMail({ config: smtpConfig, now: () => clock })).toEqual({
        sent: 0,
        failed: 1,
      });
      const mail = await repository.getMail(id!);
      expect(mail).toMatchObject({ state: 'pending', attempts: attempt, lastError: /SMTP 451/ });
      pauses.push(mail!.dueAt!.getTime() - clock);
      // Not before its time.
      expect(await sender.sendDueMail({ config: smtpConfig, now: () => clock + 1 })).toEqual({
        sent: 0,
        failed: 0,
      });
      clock = mail!.dueAt!.getTime();
    }
    expect(pauses).toEqual([30_000, 60_000, 120_000]);
    smtp.fail(null);
    expect(await sender.sendDueMail({ config: smtpConfig, now: () => clock })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  } finally {
    errors.mockRestore();
    await smtp.close();
  }
});

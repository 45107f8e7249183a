// The panel's outbox when the mail server fails, in both languages, on a shop of this spec's own
// sending through a local SMTP server (test/fake-smtp.ts): an order's e-mails that the server
// refused for now wait in 'Aguardando envio' with the failure and their next try, and go out
// once it recovers; one it refused for good says so and 'Enviar de novo' sends it. With
// OUTBOX_SHOTS_DIR set, the page is photographed at 1366x800 and 390x844.
import path from 'node:path';

import type { Page } from '@playwright/test';

import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp';
import {
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { withOpenDay } from './fixtures/order-request';
import { expect, test } from './fixtures/test';

const CRON_SECRET = 'e2e-outbox-failures-cron-secret-01';

const TEXTS = {
  'pt-BR': {
    title: 'Caixa de saída',
    queue: 'Aguardando envio',
    subject: (id: string) => `Recebemos o seu pedido ${id}`,
    retrying: /^Falhou 1 vez; nova tentativa em /,
    reason: /^Motivo: .*SMTP 451/,
    givenUp: 'Não enviado: o servidor de e-mail recusou a mensagem',
    resend: 'Enviar de novo',
    resent: 'Colocado na fila de novo.',
  },
  en: {
    title: 'Outbox',
    queue: 'Waiting to be sent',
    subject: (id: string) => `We received your order ${id}`,
    retrying: /^Failed once; next try at /,
    reason: /^Reason: .*SMTP 451/,
    givenUp: 'Not sent: the mail server refused the message',
    resend: 'Send again',
    resent: 'Queued again.',
  },
} as const;

let smtp: FakeSmtp;
let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startFakeSmtp();
  shop = await startPrivateShop({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@example.com>', CRON_SECRET },
  });
});

test.afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

async function placeOrder(page: Page, orderId: string, locale: 'pt-BR' | 'en') {
  await signedInShopper(shop, page);
  const answer = await page.request.post(`${shop.url}/api/orders`, {
    headers: { origin: shop.url },
    data: await withOpenDay(page.request, shop.url, {
      orderId,
      lines: [{ key: 'mini-ovo', quantity: 1 }],
      shippingOption: 'Retirada' as const,
      telephone: '(11) 91234-5678',
      locale,
    }),
  });
  expect(answer.status()).toBe(200);
}

/** Asks the server to send what is due (the cron route), as a scheduler would. */
const cron = () =>
  fetch(`${shop.url}/api/cron/expire-orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CRON_SECRET}` },
  });

const receivedSubjects = () =>
  smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '');

async function shoot(page: Page, name: string) {
  const directory = process.env.OUTBOX_SHOTS_DIR;
  if (!directory) return;
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('outbox-unsent').evaluate((section) => section.scrollIntoView());
    await page.screenshot({ path: path.join(directory, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`outbox (${locale}): e-mails the server refuses wait with the reason and go out once it recovers; one refused for good is sent again on request`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const t = TEXTS[locale];
    const stamp = `${locale === 'en' ? 'EN' : 'PT'}${Date.now() % 1_000_000}`;
    const later = `OUTBOXTMP${stamp}`;
    const refused = `OUTBOXPERM${stamp}`;

    const admin = await signedInAdmin(shop, browser);
    const panel = admin.page;
    const queue = panel.getByTestId('outbox-unsent');

    await test.step('refused for good: says so and offers to send it again', async () => {
      smtp.fail('permanent');
      await placeOrder(page, refused, locale);
      const given = queue.getByRole('listitem').filter({ hasText: t.subject(refused) });
      await panel.goto(`${shop.url}/${locale}/control-panel/outbox`);
      await expect(panel.getByRole('heading', { name: t.title, exact: true })).toBeVisible();
      await expect(queue.getByRole('heading', { name: t.queue })).toBeVisible();
      // Tried after the order's answer: a reload may be needed to see the failure.
      await expect(async () => {
        await panel.reload();
        await expect(given.getByText(t.givenUp)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await shoot(panel, `outbox-refused-${locale}`);

      smtp.fail(null);
      await given.getByRole('button', { name: t.resend }).click();
      await expect(given.getByRole('status')).toHaveText(t.resent);
      await expect.poll(receivedSubjects, { timeout: 30_000 }).toContain(t.subject(refused));
    });

    const waiting = queue.getByRole('listitem').filter({ hasText: t.subject(later) });
    await test.step('refused for now: waiting, with the failure and the next try', async () => {
      smtp.fail('temporary');
      await placeOrder(page, later, locale);
      await expect(async () => {
        await panel.reload();
        await expect(waiting.getByText(t.retrying)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(waiting.getByText(t.reason)).toBeVisible();
      await shoot(panel, `outbox-retrying-${locale}`);
    });

    await test.step('the server recovers: the waiting one goes out when its time comes', async () => {
      smtp.fail(null);
      // Its next try is 30 s after the first; the cron asks the server to send what is due.
      await expect
        .poll(
          async () => {
            await cron();
            return receivedSubjects();
          },
          { timeout: 120_000, intervals: [3_000] },
        )
        .toContain(t.subject(later));
      await panel.reload();
      await expect(queue.getByText(t.subject(later))).toHaveCount(0);
      await expect(queue.getByText(t.subject(refused))).toHaveCount(0);
      // Each once.
      expect(receivedSubjects().filter((subject) => subject === t.subject(later))).toHaveLength(1);
      expect(receivedSubjects().filter((subject) => subject === t.subject(refused))).toHaveLength(
        1,
      );
    });
    await admin.context.close();
  });
}

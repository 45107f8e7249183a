// E-mails survive a crash: 30 orders, each placed on a shop of this spec's own whose app server
// is killed with kill -9 the moment the order's answer arrives (its confirmation is then written,
// claimed, being sent or sent-but-not-recorded: whatever the crash cut), and started again on the
// same local Firebase. Every confirmation must then be sent exactly once: one stored message per
// order, sent, and one file for it in the local outbox (a message sent again after a crash
// between sending and recording it replaces its own file, lib/mail/outbox.ts).
import fs from 'node:fs';
import path from 'node:path';

import type { Timestamp } from 'firebase-admin/firestore';

import {
  SHOP_PATH,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { withOpenDay } from './fixtures/order-request';
import { expect, test } from './fixtures/test';

const ORDERS = 30;
const CRON_SECRET = 'e2e-mail-crash-cron-secret-0123456789';

let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startPrivateShop({
    // Limits are not what this is about: 30 shoppers from one address in a few minutes.
    env: { RATE_LIMIT_MULTIPLIER: '100', CRON_SECRET },
  });
  await shop.db().doc(`${SHOP_PATH}/inventory/mini-ovo`).set({ stock: 100 }, { merge: true });
});

test.afterAll(async () => {
  await shop?.close();
});

/** The stored confirmations of `orderId` (lib/mail/repository.ts). */
async function confirmations(orderId: string) {
  const snapshot = await shop
    .db()
    .collection(`${SHOP_PATH}/mail`)
    .where('orderId', '==', orderId)
    .get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown>)
    .filter((mail) => mail.kind === 'order-placed');
}

/** The outbox's confirmation files of `orderId`. */
function confirmationFiles(orderId: string): string[] {
  const directory = path.join(shop.stack().dataDir, 'outbox');
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((file) => file.endsWith('.eml') && file.includes(`-order-placed-${orderId}-`));
}

test(`${ORDERS} orders, the app killed with kill -9 right after each answer: every confirmation sent exactly once`, async ({
  page,
}) => {
  test.setTimeout(900_000);
  const orderIds: string[] = [];
  /** When each order's server was killed. */
  const killedAt = new Map<string, number>();
  for (let index = 0; index < ORDERS; index += 1) {
    // A shopper of their own each time: the open-order cap is not what this is about.
    await signedInShopper(shop, page);
    const orderId = `MAILCRASH${String(index).padStart(3, '0')}`;
    const answer = await page.request.post(`${shop.url}/api/orders`, {
      headers: { origin: shop.url },
      data: await withOpenDay(page.request, shop.url, {
        orderId,
        lines: [{ key: 'mini-ovo', quantity: 1 }],
        shippingOption: 'Retirada' as const,
        telephone: '(11) 91234-5678',
        locale: index % 2 === 0 ? 'pt-BR' : 'en',
      }),
    });
    expect(answer.status(), orderId).toBe(200);
    // The commit has been answered: the crash comes now, before or during what follows it.
    killedAt.set(orderId, Date.now());
    await shop.crashServer(0);
    orderIds.push(orderId);
  }

  // The restarted server sends what is due (at start, every minute, and when the cron asks);
  // a message claimed by a killed server waits for its claim to lapse (a minute).
  await expect
    .poll(
      async () => {
        await fetch(`${shop.url}/api/cron/expire-orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${CRON_SECRET}` },
        });
        let sent = 0;
        for (const orderId of orderIds) {
          const stored = await confirmations(orderId);
          if (stored.length === 1 && stored[0]!.state === 'sent') sent += 1;
        }
        return sent;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(ORDERS);

  let sentAgain = 0;
  let sentAfterCrash = 0;
  for (const orderId of orderIds) {
    const [stored] = await confirmations(orderId);
    const files = confirmationFiles(orderId);
    expect(files, orderId).toHaveLength(1);
    const raw = fs.readFileSync(path.join(shop.stack().dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toContain(`Message-ID: ${stored!.messageId as string}`);
    if ((stored!.attempts as number) > 1) sentAgain += 1;
    if ((stored!.sentAt as Timestamp).toMillis() > killedAt.get(orderId)!) sentAfterCrash += 1;
  }
  console.info(
    `${ORDERS} orders, kill -9 after each answer: ${ORDERS} confirmations sent once each; ` +
      `${sentAfterCrash} sent by a restarted server, ${sentAgain} of them tried again after a ` +
      `crash cut their first try`,
  );
});

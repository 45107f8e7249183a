// Being a club member, in both languages, on a shop of this spec's own with Mercado Pago configured
// against the local fake of its API (test/fake-mercadopago.ts, as order-page-payment.spec.ts): a
// shopper joins the monthly plan, the fake authorises it and its signed webhook arrives; the user
// tab shows the badge, /usuario the active membership, the checkout summary the Easter egg
// discount; pause and resume from /usuario reach the fake; the admin's club page lists the member,
// the shipping CSV has their address, the outbox the joining e-mails; and a cancel from /usuario
// ends it.
import { signatureManifest, signManifest } from '../lib/payments/signature';
import { startFakeMercadoPago, type FakeMercadoPago } from '../test/fake-mercadopago';
import { UserTab } from './fixtures/account';
import {
  outboxFiles,
  SHOP_PATH,
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { expect, test } from './fixtures/test';

const ACCESS_TOKEN = 'TEST-e2e-club-access-token';
const SECRET = 'e2e-club-webhook-secret';
const EGG = 'ovo-pistache';

const TEXTS = {
  'pt-BR': {
    join: 'Assinar o Plano Mensal',
    badge: 'Membro do clube',
    active: 'Ativa',
    currentBox: 'em preparação',
    noBoxes: 'Nenhuma ainda.',
    paused: 'Pausada',
    pause: 'Pausar assinatura',
    resume: 'Retomar assinatura',
    cancel: 'Cancelar assinatura',
    confirm: 'Sim, confirmar',
    cancelled: 'Sua assinatura foi cancelada.',
    discount: 'Desconto do clube (10% nos ovos de Páscoa)',
    csvStreet: 'Rua',
  },
  en: {
    join: 'Join the Monthly Plan',
    badge: 'Club member',
    active: 'Active',
    currentBox: 'being prepared',
    noBoxes: 'None yet.',
    paused: 'Paused',
    pause: 'Pause membership',
    resume: 'Resume membership',
    cancel: 'Cancel membership',
    confirm: 'Yes, confirm',
    cancelled: 'Your membership was cancelled.',
    discount: 'Club discount (10% off Easter eggs)',
    csvStreet: 'Street',
  },
} as const;

let fake: FakeMercadoPago;
let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  shop = await startPrivateShop({
    env: {
      MERCADOPAGO_PUBLIC_KEY: 'TEST-e2e-public-key',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_API_BASE_URL: fake.baseUrl,
    },
  });
});

test.afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/** Mercado Pago's notification about the subscription `id`, signed with the shop's secret. */
async function notify(id: string): Promise<number> {
  const requestId = `e2e-club-${id}-${Date.now()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(signatureManifest({ dataId: id, requestId, ts }), SECRET);
  const response = await fetch(
    `${shop.url}/api/mercadopago/webhook?data.id=${id}&type=subscription_preapproval`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
      },
      body: JSON.stringify({ type: 'subscription_preapproval', data: { id } }),
    },
  );
  return response.status;
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`a shopper joins the monthly plan, gets the perks, pauses, is listed for the box, cancels (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = TEXTS[locale];
    await page.route(/mercadopago\.com/, (route) => route.abort());
    const shopper = await signedInShopper(shop, page);
    const street = `Rua do Clube ${locale}`;
    await shop
      .db()
      .doc(`${SHOP_PATH}/users/${shopper.uid}`)
      .set(
        {
          address: {
            street,
            number: '42',
            extra: 'Casa 2',
            city: 'São Paulo',
            postalCode: '01310-100',
          },
        },
        { merge: true },
      );

    // Joining: the server creates the subscription at the fake and the page goes there.
    await page.goto(`${shop.url}/${locale}/clube`);
    await page.getByTestId('club-plan-mensal').getByRole('button', { name: t.join }).click();
    await page.waitForURL(/\/subscriptions\/checkout\?preapproval_id=/);
    const stored = await shop.db().doc(`${SHOP_PATH}/memberships/${shopper.uid}`).get();
    const id = String(stored.get('preapprovalId'));
    expect(fake.preapproval(id)).toMatchObject({ payer_email: shopper.email, status: 'pending' });

    // The shopper authorised it at Mercado Pago; its notification arrives.
    fake.setPreapprovalStatus(id, 'authorized');
    expect(await notify(id)).toBe(200);

    await page.goto(`${shop.url}/${locale}/usuario`);
    const section = page.getByTestId('club-membership');
    await expect(section.getByTestId('membership-state')).toHaveText(t.active);
    await expect(section.getByTestId('membership-plan')).toContainText('R$ 109,00');
    // Just joined: this month's box is being prepared, none received yet.
    await expect(section.getByTestId('membership-current-box')).toContainText(t.currentBox);
    await expect(section.getByTestId('membership-boxes')).toHaveText(t.noBoxes);
    await expect(section.getByTestId('membership-boxes').getByRole('listitem')).toHaveCount(0);
    await expect(page.getByTestId('member-badge')).toHaveText(t.badge);
    // The user tab (the header's public user) shows the badge too.
    const tab = new UserTab(page, locale);
    await tab.open();
    await expect(tab.dialog.getByTestId('member-badge')).toHaveText(t.badge);
    await tab.close();

    // The checkout summary takes the plan's percent off an Easter egg.
    await page.evaluate((key) => {
      localStorage.setItem(
        'chocolates-tropicais-cart',
        JSON.stringify({
          state: {
            cartItems: [{ id: key, quantity: 1, variant: { key: 'default', name: 'default' } }],
          },
          version: 1,
        }),
      );
    }, EGG);
    await page.goto(`${shop.url}/${locale}/checkout`);
    await expect(page.getByTestId('checkout-member-discount').first()).toContainText(t.discount);

    // Pause and resume from /usuario reach the fake and change the state.
    await page.goto(`${shop.url}/${locale}/usuario`);
    await section.getByRole('button', { name: t.pause }).click();
    await section.getByRole('button', { name: t.confirm }).click();
    await expect(section.getByTestId('membership-state')).toHaveText(t.paused);
    expect(fake.preapproval(id)?.status).toBe('paused');
    await section.getByRole('button', { name: t.resume }).click();
    await expect(section.getByTestId('membership-state')).toHaveText(t.active);
    expect(fake.preapproval(id)?.status).toBe('authorized');

    // The admin's club page lists the member; the shipping CSV has their address.
    const admin = await signedInAdmin(shop, browser);
    try {
      await admin.page.goto(
        `${shop.url}/${locale}/control-panel/club?q=${encodeURIComponent(shopper.email)}`,
      );
      const row = admin.page.getByTestId('club-member-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(shopper.email);
      await expect(row).toContainText(t.active);
      const csv = await admin.page.request.get(`${shop.url}/${locale}/control-panel/club/export`);
      expect(csv.status()).toBe(200);
      const text = await csv.text();
      expect(text).toContain(t.csvStreet);
      expect(text).toContain(street);
      expect(text).toContain(shopper.email);
    } finally {
      await admin.context.close();
    }
    // The joining e-mails (member and shop) and the pause's, in the outbox.
    await expect
      .poll(() => outboxFiles(shop, shopper.uid).map(({ kind }) => kind), { timeout: 10_000 })
      .toEqual(['club-joined', 'club-new-member', 'club-paused']);

    // Cancelling ends it.
    await section.getByRole('button', { name: t.cancel }).click();
    await section.getByRole('button', { name: t.confirm }).click();
    await expect(section).toContainText(t.cancelled);
    expect(fake.preapproval(id)?.status).toBe('cancelled');
    await expect(page.getByTestId('member-badge')).toHaveCount(0);
  });
}

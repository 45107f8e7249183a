import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { ADMIN } from './fixtures/account';
import { CheckoutPage, createShopper, setStock, signInInUserTab } from './fixtures/checkout';
import { sessionContext } from './fixtures/control-panel';
import { mailsOfOrder } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { shootBothSizes } from './fixtures/shots';
import { expect, TEXTS, test, type ShopLocale } from './fixtures/shop';

// Cupom de desconto: the owner creates one in the panel (/control-panel/coupons), a shopper
// applies it in the list, the order carries it (order page, panel card, CSV, e-mails); coupons
// expired, used up, under their minimum or already used by the account are refused in words.

const APP_NAME = 'e2e-coupons';
function app(): App {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.env.E2E_FIRESTORE_PORT ?? '8180'}`;
  return (
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-chocolate-shop' }, APP_NAME)
  );
}
const shopDoc = (path: string) => getFirestore(app()).doc(`projects/chocolate-shop/${path}`);

const PRODUCT = 'barra-tropical-sampa';
const TITLE = { 'pt-BR': 'Barra Tropical Sampa', en: 'Tropical Sampa Bar' } as const;

const TEXT = {
  'pt-BR': {
    title: 'Cupom de desconto',
    code: 'Código do cupom',
    apply: 'Aplicar',
    applied: (code: string) => new RegExp(`^Cupom ${code} aplicado: −R\\$\\s(\\d+),00$`),
    errors: {
      expired: 'Este cupom expirou.',
      usedUp: 'Este cupom esgotou: todos os usos já foram feitos.',
      minimum: /^Este cupom vale para pedidos a partir de R\$\s500,00\.$/,
      accountUsed: 'Você já usou este cupom.',
    },
    orderCoupon: (code: string) => `Cupom ${code}`,
    csv: 'Cupom;Desconto do cupom (R$)',
  },
  en: {
    title: 'Discount coupon',
    code: 'Coupon code',
    apply: 'Apply',
    applied: (code: string) => new RegExp(`^Coupon ${code} applied: −R\\$\\s(\\d+),00$`),
    errors: {
      expired: 'This coupon has expired.',
      usedUp: 'This coupon is used up: all its uses are taken.',
      minimum: /^This coupon is for orders of R\$\s500,00 or more\.$/,
      accountUsed: 'You have already used this coupon.',
    },
    orderCoupon: (code: string) => `Coupon ${code}`,
    csv: 'Coupon,Coupon discount (R$)',
  },
} as const;

const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(
    0,
    20,
  );

/** A coupon written as the panel stores it, with its use shard. */
async function seedCoupon(code: string, fields: Record<string, unknown>, uses?: { left: number }) {
  await shopDoc(`coupons/${code}`).set({
    kind: 'percent',
    value: 10,
    minimum: 0,
    validFrom: null,
    validUntil: null,
    totalUses: null,
    usesPerAccount: null,
    firstOrderOnly: false,
    active: true,
    ...fields,
  });
  if (uses) await shopDoc(`couponUses/${code}.0`).set({ used: 1, left: uses.left });
}

for (const locale of ['pt-BR', 'en'] as const satisfies readonly ShopLocale[]) {
  const t = TEXT[locale];

  test(`coupon (${locale}): made in the panel, applied in the list, carried by the order; refusals in words @phone`, async ({
    page,
    shopIn,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const shop = shopIn(locale);
    const code = unique('PASCOA');
    const shopper = await createShopper(`cupom-${locale}`);
    await setStock(PRODUCT, 500);

    await test.step('the owner creates it in the panel', async () => {
      const admin = await sessionContext(baseURL!, ADMIN);
      const context = await browser.newContext({ storageState: await admin.storageState() });
      await skipIntro(context);
      const panel = await context.newPage();
      await panel.goto(`/${locale}/control-panel/coupons`);
      const fields =
        locale === 'en'
          ? {
              code: 'Code',
              value: 'Discount (% or R$)',
              total: 'Total uses',
              create: 'Create coupon',
            }
          : {
              code: 'Código',
              value: 'Desconto (% ou R$)',
              total: 'Usos no total',
              create: 'Criar cupom',
            };
      await panel.getByRole('textbox', { name: fields.code, exact: true }).fill(code);
      await panel.getByRole('textbox', { name: fields.value }).fill('120');
      await panel.getByRole('button', { name: fields.create }).click();
      // A percent over 100 is refused in place; 15 % is made.
      await expect(
        panel.getByText(
          locale === 'en'
            ? 'Enter a percent from 1 to 100.'
            : 'Informe uma porcentagem de 1 a 100.',
        ),
      ).toBeVisible();
      await panel.getByRole('textbox', { name: fields.value }).fill('15');
      await panel.getByRole('textbox', { name: fields.total }).fill('50');
      await panel.getByRole('button', { name: fields.create }).click();
      const listed = panel.locator(`[data-coupon="${code}"]`);
      await expect(listed).toBeVisible({ timeout: 15_000 });
      await expect(listed.getByTestId('coupon-uses')).toContainText('0');
      await shootBothSizes(panel, `cupom-panel-${locale}`);
      await context.close();
      await admin.dispose();
    });

    await page.goto(`/${locale}/chocolates/${PRODUCT}`);
    await page.getByRole('button', { name: TEXTS[locale].add(TITLE[locale]) }).click();
    await page.getByRole('button', { name: TEXTS[locale].add(TITLE[locale]) }).click();
    await shop.openCart();
    const field = shop.cart.dialog.getByRole('region', { name: t.title });

    await test.step('refusals are said under the field', async () => {
      const expired = unique('VELHO');
      const usedUp = unique('ESGOTADO');
      const minimum = unique('MINIMO');
      await seedCoupon(expired, { validUntil: '2020-12-31' });
      await seedCoupon(usedUp, { totalUses: 1 }, { left: 0 });
      await seedCoupon(minimum, { minimum: 50000 });
      for (const [typed, message] of [
        [expired, t.errors.expired],
        [usedUp, t.errors.usedUp],
        [minimum, t.errors.minimum],
      ] as const) {
        await field.getByRole('textbox', { name: t.code }).fill(typed);
        await field.getByRole('button', { name: t.apply, exact: true }).click();
        await expect(field.getByRole('textbox', { name: t.code })).toHaveAccessibleDescription(
          message,
        );
      }
    });

    await test.step('applied in the list: 15 % of R$ 80', async () => {
      await field.getByRole('textbox', { name: t.code }).fill(code.toLowerCase());
      await field.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(field.getByTestId('cupom-applied')).toHaveText(t.applied(code));
      await expect(field.getByTestId('cupom-applied')).toContainText('12,00');
      await shootBothSizes(page, `cupom-list-${locale}`);
    });

    await shop.cart.checkoutButton.click();
    const checkout = new CheckoutPage(page, locale);
    await checkout.expectOnPage();
    await checkout.signInButton.click();
    await signInInUserTab(shop, shopper);
    await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
    await checkout.choosePickup();
    // The checkout applies the list's coupon again: R$ 80 less R$ 12.
    await expect(page.getByTestId('summary-coupon')).toContainText('12,00');
    await expect(page.getByTestId('summary-total')).toHaveText(/R\$\s68,00/);
    await shootBothSizes(page, `cupom-checkout-${locale}`);

    const orderId = await checkout.confirmAndLand();
    await test.step('the order, its page, the panel card, the CSV and the e-mails carry it', async () => {
      expect((await shopDoc(`orders/${orderId}`).get()).data()).toMatchObject({
        total: 6800,
        coupon: { code, amount: 1200 },
      });
      await expect(page.getByTestId('order-coupon')).toContainText(t.orderCoupon(code));
      const admin = await sessionContext(baseURL!, ADMIN);
      const csv = await (await admin.get(`/${locale}/control-panel/export?q=${orderId}`)).text();
      const [header, row] = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toContain(t.csv);
      expect(row).toMatch(
        locale === 'en' ? new RegExp(`,${code},12\\.00$`) : new RegExp(`;${code};12,00$`),
      );
      await admin.dispose();
      await expect(async () => {
        const mails = await mailsOfOrder(orderId);
        expect(mails).toHaveLength(2);
        for (const mail of mails) expect(mail.text).toMatch(/(Cupom|Coupon) \S+: −R\$\s12,00/);
      }).toPass({ timeout: 10_000 });
    });

    await test.step('the same account cannot use it twice', async () => {
      // The panel's form gives one use per account unless the owner says otherwise.
      await page.goto(`/${locale}/chocolates/${PRODUCT}`);
      await page.getByRole('button', { name: TEXTS[locale].add(TITLE[locale]) }).click();
      await shop.openCart();
      const again = shop.cart.dialog.getByRole('region', { name: t.title });
      await again.getByRole('textbox', { name: t.code }).fill(code);
      await again.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(again.getByRole('textbox', { name: t.code })).toHaveAccessibleDescription(
        t.errors.accountUsed,
      );
    });
  });
}

import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { formatDeliveryDay, offeredDays } from '../lib/delivery/table';
import { UserTab } from './fixtures/account';
import { shootBothSizes } from './fixtures/shots';
import { CHECKOUT_TEXTS, CheckoutPage } from './fixtures/checkout';
import { uniqueEmail } from './fixtures/e2e-firebase';
import { holdLateChunks } from './fixtures/late-chunks';
import { expect, TEXTS, test, type ShopLocale } from './fixtures/shop';

// 'Calcular frete' on the product page and in the list, signed out: each seeded delivery region
// (scripts/local-firebase/seed.mjs SEED_DELIVERY) gives its fee and first open day, a CEP outside
// them all says so and offers pick-up; the CEP is then where the checkout starts.

const APP_NAME = 'e2e-frete';
function app(): App {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.env.E2E_FIRESTORE_PORT ?? '8180'}`;
  return (
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-chocolate-shop' }, APP_NAME)
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6];
const DAILY_CAPACITY = 30;
/** One CEP in each seeded region: its fee (reais) and its days. */
const REGIONS = [
  { cep: '01310-100', fee: 0, days: 1 },
  { cep: '04538-133', fee: 12, days: 1 },
  { cep: '06010-000', fee: 20, days: 2 },
  { cep: '13010-000', fee: 30, days: 3 },
  { cep: '22041-001', fee: 45, days: 4 },
  { cep: '50000-000', fee: 60, days: 6 },
  { cep: '80010-000', fee: 45, days: 4 },
] as const;
const OUTSIDE = '70000-000';

const TEXT = {
  'pt-BR': {
    title: 'Calcular frete',
    submit: 'Calcular',
    free: 'Frete grátis',
    fee: (fee: number) => new RegExp(`^Frete: R\\$\\s${fee},00$`),
    day: (day: string) => `Entrega a partir de ${day}`,
    outside: 'Não entregamos nesse CEP.',
    pickup: /Você pode retirar na loja: Rua dos Cacaueiros, 123/,
    invalid: 'Informe o CEP no formato 00000-000.',
  },
  en: {
    title: 'Estimate delivery',
    submit: 'Estimate',
    free: 'Free delivery',
    fee: (fee: number) => new RegExp(`^Delivery: R\\$\\s${fee},00$`),
    day: (day: string) => `Delivered from ${day}`,
    outside: 'We do not deliver to this CEP.',
    pickup: /You can pick it up at the shop: Rua dos Cacaueiros, 123/,
    invalid: 'Enter the postal code as 00000-000.',
  },
} as const;

/** The first day a region of `leadDays` offers that no other spec filled up. */
async function firstOpenDay(leadDays: number): Promise<string> {
  for (const day of offeredDays({ weekdays: WEEKDAYS }, leadDays)) {
    const slot = await getFirestore(app())
      .doc(`projects/chocolate-shop/deliverySlots/${day}`)
      .get();
    const taken = (slot.get('orderIds') as unknown[] | undefined)?.length ?? 0;
    if (taken < DAILY_CAPACITY) return day;
  }
  throw new Error('no open day');
}

const PRODUCT = { key: 'ovo-pistache', 'pt-BR': 'Ovo Pistache', en: 'Pistachio Egg' } as const;

async function estimate(page: import('@playwright/test').Page, locale: ShopLocale, cep: string) {
  const t = TEXT[locale];
  const frete = page.getByRole('region', { name: t.title });
  await frete.getByRole('textbox', { name: CHECKOUT_TEXTS[locale].postalCode }).fill(cep);
  await frete.getByRole('button', { name: t.submit, exact: true }).click();
  return frete;
}

for (const locale of ['pt-BR', 'en'] as const) {
  const t = TEXT[locale];

  test(`'Calcular frete' signed out (${locale}): every region's fee and first day, a CEP outside them @phone`, async ({
    page,
    shopIn,
  }) => {
    test.setTimeout(90_000);
    shopIn(locale);
    await page.goto(`/${locale}/chocolates/${PRODUCT.key}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRODUCT[locale]);

    const wrong = await estimate(page, locale, '1234');
    await expect(wrong.getByText(t.invalid)).toBeVisible();

    // Typed without the hyphen, as people do: the field formats it.
    for (const region of REGIONS) {
      const frete = await estimate(page, locale, region.cep.replace('-', ''));
      const day = formatDeliveryDay(await firstOpenDay(region.days), locale, true);
      await expect(frete.getByTestId('frete-fee')).toHaveText(
        region.fee === 0 ? t.free : t.fee(region.fee),
      );
      await expect(frete.getByTestId('frete-day')).toHaveText(t.day(day));
      await expect(
        frete.getByRole('textbox', { name: CHECKOUT_TEXTS[locale].postalCode }),
      ).toHaveValue(region.cep);
    }

    const outside = await estimate(page, locale, OUTSIDE);
    await expect(outside.getByTestId('frete-result')).toContainText(t.outside);
    await expect(outside.getByTestId('frete-result')).toContainText(t.pickup);
    await shootBothSizes(page, `frete-product-${locale}`);
    await expect(outside.getByTestId('frete-fee')).toHaveCount(0);
  });
}

for (const locale of ['pt-BR', 'en'] as const) {
  const t = TEXT[locale];

  test(`'Calcular frete' (${locale}): a CEP sent before the form's code has come is estimated once it has @phone`, async ({
    page,
    shopIn,
  }) => {
    test.setTimeout(90_000);
    shopIn(locale);
    const path = `/${locale}/chocolates/${PRODUCT.key}`;
    const chunks = await holdLateChunks(page, path);
    let documents = 0;
    page.on('domcontentloaded', () => (documents += 1));
    // Not waiting for the load event, which waits for the held chunks.
    await page.goto(path, { waitUntil: 'commit' });
    // The page's code runs and asks for the form's: the form is the server's markup until then.
    await expect.poll(chunks.waiting).toBeGreaterThan(0);
    const region = REGIONS[4];
    const frete = await estimate(page, locale, region.cep.replace('-', ''));
    await shootBothSizes(page, `frete-early-${locale}`);
    await expect(frete.getByRole('button', { name: t.submit, exact: true })).toBeVisible();
    await expect(frete.getByTestId('frete-fee')).toHaveCount(0);

    await chunks.release();
    const day = formatDeliveryDay(await firstOpenDay(region.days), locale, true);
    await expect(frete.getByTestId('frete-fee')).toHaveText(t.fee(region.fee));
    await expect(frete.getByTestId('frete-day')).toHaveText(t.day(day));
    await expect(
      frete.getByRole('textbox', { name: CHECKOUT_TEXTS[locale].postalCode }),
    ).toHaveValue(region.cep);
    // Sent by the page, not by the browser: no other document, nothing in the address.
    expect(documents).toBe(1);
    expect(page.url()).toMatch(new RegExp(`${path}$`));
  });
}

test("the list's 'Calcular frete' prices the list; the checkout starts from that CEP", async ({
  page,
  shopIn,
}) => {
  test.setTimeout(90_000);
  const shop = shopIn('pt-BR');
  const t = TEXT['pt-BR'];
  await page.goto(`/pt-BR/chocolates/${PRODUCT.key}`);
  await page.getByRole('button', { name: TEXTS['pt-BR'].add(PRODUCT['pt-BR']) }).click();
  await shop.openCart();
  const frete = shop.cart.dialog.getByRole('region', { name: t.title });
  await frete.getByRole('textbox', { name: 'CEP' }).fill('22041001');
  await frete.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(frete.getByTestId('frete-fee')).toHaveText(t.fee(45));

  await shop.cart.checkoutButton.click();
  const checkout = new CheckoutPage(page, 'pt-BR');
  await checkout.expectOnPage();
  // A new account: its profile has no CEP, so the checkout takes the one just asked about.
  await checkout.signInButton.click();
  const tab = new UserTab(page, 'pt-BR');
  await tab.fillName('Carla Frete');
  await tab.fillCredentials(uniqueEmail('frete'), 'segredo-123');
  await tab.createAccountButton.click();
  await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
  await expect(checkout.field('CEP')).toHaveValue('22041-001');
  await expect(page.getByTestId('summary-delivery-fee')).toContainText('45,00');
});

import type { Page } from '@playwright/test';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { offeredDays } from '../lib/delivery/table';
import { ADMIN } from './fixtures/account';
import { CheckoutPage, createShopper, setStock, signInInUserTab } from './fixtures/checkout';
import { sessionContext } from './fixtures/control-panel';
import { expect, TEXTS, test, type Shop, type ShopLocale } from './fixtures/shop';

// Delivery fee, area and day against the seeded delivery table (scripts/local-firebase/seed.mjs):
// the fee the server quotes in the summary and stores on the order, a full day that cannot be
// chosen, a CEP outside every region, the order page, the panel card and the CSV; the admin edits
// the table and a bad one is refused with a message. Other specs share the table: this one only
// fills a day (others then get the next) and puts back the one fee it changes.

const SHOTS = process.env.DELIVERY_SHOTS_DIR ?? '/work/shots-delivery';
const APP_NAME = 'e2e-delivery';

function app(): App {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.env.E2E_FIRESTORE_PORT ?? '8180'}`;
  return (
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-chocolate-shop' }, APP_NAME)
  );
}
const shopDoc = (path: string) => getFirestore(app()).doc(`projects/chocolate-shop/${path}`);

const TEXT = {
  'pt-BR': {
    cep: 'CEP',
    fee: 'Taxa de entrega',
    full: (day: string) => `${day} (lotado)`,
    outside: 'Não entregamos neste CEP. A retirada na loja continua disponível.',
    // What the CEP field says once its lookup answered: filled, not found or unavailable.
    cepAnswered: /(Preenchemos rua|Não encontramos este CEP|Não foi possível consultar o CEP)/,
    dayTitle: 'Data de entrega',
    product: 'Barra Tropical Amazonas',
    panelOverlap: 'As regiões 1 e 2 têm CEPs em comum.',
    panelCapacity: 'A capacidade deve ser de pelo menos 1 pedido por dia.',
    saved: 'Tabela salva. As próximas cotações já usam os valores novos.',
    save: 'Salvar tabela',
    from: 'CEP inicial – Região 2',
    capacity: 'Pedidos por dia',
    fee7: 'Taxa (R$) – Região 7',
    csvHeader: 'Taxa de entrega (R$);Data de entrega',
  },
  en: {
    cep: 'Postal code (CEP)',
    fee: 'Delivery fee',
    full: (day: string) => `${day} (full)`,
    outside: 'We do not deliver to this CEP. Pick-up at the shop is still available.',
    cepAnswered: /(We filled in the street|We could not find this CEP|The CEP lookup is not)/,
    dayTitle: 'Delivery date',
    product: 'Tropical Amazonas Bar',
    panelOverlap: 'Regions 1 and 2 share CEPs.',
    panelCapacity: 'The capacity must be at least 1 order per day.',
    saved: 'Table saved. New quotes use the new values at once.',
    save: 'Save table',
    from: 'First CEP – Region 2',
    capacity: 'Orders per day',
    fee7: 'Fee (R$) – Region 7',
    csvHeader: 'Delivery fee (R$),Delivery date',
  },
} as const;

/** What the seed's table (scripts/local-firebase/seed.mjs SEED_DELIVERY) says, as used here. */
const SEED_DELIVERY = {
  regions: { length: 7 },
  dailyCapacity: 30,
  weekdays: [1, 2, 3, 4, 5, 6],
};

const ADDRESS_LABELS = {
  'pt-BR': { street: 'Rua', neighborhood: 'Bairro', city: 'Cidade', state: 'Estado (UF)' },
  en: {
    street: 'Street',
    neighborhood: 'Neighbourhood (bairro)',
    city: 'City',
    state: 'State (UF)',
  },
} as const;

const PRODUCT = 'barra-tropical-amazonas';
/** São Paulo, capital: R$ 12, one day (the seed's second region). */
const CAPITAL_CEP = '04538-133';

/** How the picker names a day ('qui., 2 de abr.' / 'Thu, Apr 2'). */
const dayLabel = (day: string, locale: ShopLocale) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

async function goToCheckout(page: Page, shop: Shop): Promise<CheckoutPage> {
  await page.goto(`/${shop.locale}/chocolates/${PRODUCT}`);
  await page
    .getByRole('button', { name: TEXTS[shop.locale].add(TEXT[shop.locale].product) })
    .click();
  await shop.openCart();
  await shop.cart.checkoutButton.click();
  const checkout = new CheckoutPage(page, shop.locale);
  await checkout.expectOnPage();
  return checkout;
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['1366x800', { width: 1366, height: 800 }],
    ['390x844', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

for (const locale of ['pt-BR', 'en'] as const) {
  const t = TEXT[locale];

  test(`checkout (${locale}): the fee in the summary and on the order, a full day disabled, a CEP outside every region`, async ({
    page,
    shopIn,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const shop = shopIn(locale);
    const shopper = await createShopper(`delivery-${locale}`);
    await setStock(PRODUCT, 50);
    // The seed's days for a one-day region; the second one is full.
    const days = offeredDays(SEED_DELIVERY, 1);
    const [first, full, chosen] = days as [string, string, string];
    await shopDoc(`deliverySlots/${full}`).set({
      orderIds: Array.from({ length: SEED_DELIVERY.dailyCapacity }, (_, n) => `FULL${n}`),
    });

    const checkout = await goToCheckout(page, shop);
    await checkout.signInButton.click();
    await signInInUserTab(shop, shopper);
    await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });

    await test.step('a CEP outside every region offers no delivery', async () => {
      await checkout.field(t.cep).fill('70000-000');
      await expect(page.getByTestId('delivery-outside')).toHaveText(t.outside);
      await checkout.confirmButton.click();
      await expect(checkout.field(t.cep)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${locale}/checkout$`));
    });

    await test.step('the fee for the capital, in the summary and its total', async () => {
      await checkout.field(t.cep).fill(CAPITAL_CEP);
      // The CEP's lookup answers first (the fake CEP service is up, down or hanging, as other
      // specs leave it): an answer after the typing would clear what the saved address filled
      // and typing left unchanged (the city, 'São Paulo' both).
      await expect(checkout.field(t.cep)).toHaveAccessibleDescription(t.cepAnswered, {
        timeout: 10_000,
      });
      const fields = ADDRESS_LABELS[locale];
      await checkout.field(fields.street).fill('Avenida Brigadeiro Faria Lima');
      await checkout.field(fields.neighborhood).fill('Itaim Bibi');
      await checkout.field(fields.city).fill('São Paulo');
      await checkout.main.getByRole('combobox', { name: fields.state }).selectOption('SP');
      await expect(page.getByTestId('summary-delivery-fee')).toHaveText(
        new RegExp(`^${t.fee}\\s*R\\$\\s12,00$`),
      );
      // R$ 40 the bar, R$ 12 the delivery.
      await expect(page.getByTestId('summary-total')).toHaveText(/R\$\s52,00/);
    });

    await test.step('the full day is shown and cannot be chosen; the first open one is', async () => {
      const picker = page.getByTestId('delivery-days');
      await expect(
        picker.getByRole('radio', { name: t.full(dayLabel(full, locale)), exact: true }),
      ).toBeDisabled();
      await expect(
        picker.getByRole('radio', { name: dayLabel(first, locale), exact: true }),
      ).toBeChecked();
      await picker.locator(`label[data-day="${chosen}"]`).click();
      await expect(
        picker.getByRole('radio', { name: dayLabel(chosen, locale), exact: true }),
      ).toBeChecked();
      await expect(page.getByTestId('summary-day')).toHaveText(dayLabel(chosen, locale));
      await shoot(page, `checkout-${locale}`);
    });

    const orderId = await checkout.confirmAndLand();
    await test.step('stored on the order, shown on its page', async () => {
      const stored = (await shopDoc(`orders/${orderId}`).get()).data();
      expect(stored).toMatchObject({ deliveryFee: 1200, deliveryDate: chosen, total: 5200 });
      expect((await shopDoc(`deliverySlots/${chosen}`).get()).get('orderIds')).toContain(orderId);
      await expect(page.getByTestId('order-delivery-fee')).toHaveText(
        new RegExp(`^${t.fee}\\s*R\\$\\s12,00$`),
      );
      await expect(page.getByTestId('order-day')).not.toBeEmpty();
    });

    await test.step('the panel card and the CSV have the fee and the day', async () => {
      const admin = await sessionContext(baseURL!, ADMIN);
      const csv = await (await admin.get(`/${locale}/control-panel/export?q=${orderId}`)).text();
      const [header, row] = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toContain(t.csvHeader);
      expect(row).toMatch(
        locale === 'pt-BR' ? new RegExp(`;12,00;${chosen};`) : new RegExp(`,12\\.00,${chosen},`),
      );
      await page.context().addCookies((await admin.storageState()).cookies);
      await page.goto(`/${locale}/control-panel/orders?q=${orderId}`);
      const card = page.locator(`[data-order-id="${orderId}"]`);
      await expect(card.getByTestId('admin-order-delivery-fee')).toContainText('12,00');
      await expect(card.getByTestId('admin-order-day')).toContainText(dayLabel(chosen, locale));
      await admin.dispose();
    });
  });

  test(`the admin edits the delivery table (${locale}); a bad table is refused and changes nothing`, async ({
    page,
    shopIn,
    baseURL,
  }) => {
    shopIn(locale);
    const admin = await sessionContext(baseURL!, ADMIN);
    await page.context().addCookies((await admin.storageState()).cookies);
    await admin.dispose();
    const table = async () => (await shopDoc('settings/delivery').get()).data();
    const before = await table();
    await page.goto(`/${locale}/control-panel/delivery`);
    await expect(page.getByTestId('delivery-regions').getByRole('listitem')).toHaveCount(
      SEED_DELIVERY.regions.length,
    );
    await shoot(page, `panel-delivery-${locale}`);

    await test.step('overlapping ranges: refused with the rows named', async () => {
      await page.getByLabel(t.from, { exact: true }).fill('01500-000');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByTestId('delivery-result')).toContainText(t.panelOverlap);
      expect(await table()).toEqual(before);
      await page.getByLabel(t.from, { exact: true }).fill('01600-000');
    });

    await test.step('no capacity: refused', async () => {
      const capacity = page.getByLabel(t.capacity, { exact: true });
      await capacity.fill('0');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByTestId('delivery-result')).toContainText(t.panelCapacity);
      expect(await table()).toEqual(before);
      await capacity.fill(String(SEED_DELIVERY.dailyCapacity));
    });

    await test.step('a good change is saved', async () => {
      // The last region (Sul): no other spec delivers there.
      await page.getByLabel(t.fee7, { exact: true }).fill('50,90');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByTestId('delivery-result')).toHaveText(t.saved);
      const after = await table();
      // Stored in centavos.
      expect(after?.regions?.[6]).toMatchObject({ name: 'Sul', fee: 5090 });
      expect(after?.regions?.[1]).toMatchObject({ from: '01600000' });
      await shopDoc('settings/delivery').set(before!);
    });
  });
}

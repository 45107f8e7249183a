import { mkdirSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { startFakeCep, type FakeCep } from '../test/fake-cep';
import { AccountScreen, ADMIN } from './fixtures/account';
import {
  CHECKOUT_TEXTS,
  CheckoutPage,
  createShopper,
  ordersOf,
  setStock,
  signInFromFooter,
  signInInUserTab,
} from './fixtures/checkout';
import { sessionContext } from './fixtures/control-panel';
import { userRecordByEmail } from './fixtures/e2e-firebase';
import { expect, Shop, SHOP_LOCALES, TEXTS, test, type ShopLocale } from './fixtures/shop';

// Issue 29, the address the Brazilian way: typing a CEP fills street, bairro, city and UF from
// the CEP service (a local fake of ViaCEP on the port scripts/e2e-server.mjs points
// CEP_LOOKUP_BASE_URL at); when the service hangs or is gone the shopper types, with no error;
// a malformed CEP is refused in the profile as in the checkout; the admin sees CPF, telephone,
// full address and gift message on the order card and in the CSV.

// One worker holds the fake's fixed port: the tests of this file run one after the other.
test.describe.configure({ mode: 'serial' });

const CEP_PORT = Number(process.env.E2E_CEP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-address';

// CEPs only this spec asks about (other specs' CEPs are unknown to the fake: nothing fills).
const KNOWN = {
  '30130005': {
    logradouro: 'Avenida Afonso Pena',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
  '20040002': {
    logradouro: 'Avenida Rio Branco',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  '40020000': { logradouro: 'Rua Chile', bairro: 'Centro', localidade: 'Salvador', uf: 'BA' },
  '80010000': {
    logradouro: 'Rua XV de Novembro',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
  },
};

const L = {
  'pt-BR': {
    street: 'Rua',
    number: 'Número',
    neighborhood: 'Bairro',
    city: 'Cidade',
    state: 'Estado (UF)',
    gift: 'Mensagem para o cartão (opcional)',
    count: (n: number) => `${n} de 200 caracteres`,
    giftOver: (n: number) =>
      `A mensagem tem ${n} caracteres e o cartão comporta 200: encurte-a antes de confirmar. Nada foi cortado.`,
    filled: 'Preenchemos rua, bairro, cidade e estado pelo CEP. Confira e ajuste se precisar.',
    cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço abaixo.',
    profileCepError: 'Informe o CEP no formato 00000-000, ou deixe em branco.',
    cpfLabel: 'CPF 529.982.247-25',
    giftTitle: 'Mensagem para o cartão',
  },
  en: {
    street: 'Street',
    number: 'Number',
    neighborhood: 'Neighbourhood (bairro)',
    city: 'City',
    state: 'State (UF)',
    gift: 'Message for the gift card (optional)',
    count: (n: number) => `${n} of 200 characters`,
    giftOver: (n: number) =>
      `The message has ${n} characters and the card holds 200: shorten it before confirming. Nothing was cut.`,
    filled:
      'We filled in the street, neighbourhood, city and state from the CEP. Check them and change anything you need.',
    cepUnavailable: 'The CEP lookup is not available right now. Fill in the address below.',
    profileCepError: 'Enter the postal code as 00000-000, or leave it empty.',
    cpfLabel: 'CPF 529.982.247-25',
    giftTitle: 'Gift card message',
  },
} as const;

const PRODUCT = {
  key: 'ovo-caramelo-com-amendoim',
  'pt-BR': 'Ovo Caramelo com Amendoim',
  en: 'Peanut Caramel Egg',
} as const;

let fake: FakeCep;

test.beforeAll(async () => {
  fake = await startFakeCep(KNOWN, CEP_PORT);
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await fake?.close();
});

async function openCheckout(page: Page, shop: Shop, locale: ShopLocale, prefix: string) {
  const shopper = await createShopper(prefix);
  await setStock(PRODUCT.key, 50);
  await signInFromFooter(page, shop, shopper);
  await page.goto(`/${locale}/chocolates/${PRODUCT.key}`);
  await page.getByRole('button', { name: TEXTS[locale].add(PRODUCT[locale]) }).click();
  await shop.openCart();
  await shop.cart.checkoutButton.click();
  const checkout = new CheckoutPage(page, locale);
  await checkout.expectOnPage();
  await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
  return { shopper, checkout };
}

const stateSelect = (checkout: CheckoutPage) =>
  checkout.main.getByRole('combobox', { name: L[checkout.locale].state });

async function shoot(page: Page, name: string, target?: ReturnType<Page['locator']>) {
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const path = `${SHOTS}/${name}-${width}x${height}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

for (const locale of SHOP_LOCALES) {
  // Both in a region the seeded delivery table serves (scripts/local-firebase/seed.mjs), and
  // asked by no other test (the shop's server keeps answers).
  const cep = locale === 'pt-BR' ? '30130005' : '20040002';
  const known = KNOWN[cep];

  test(`${locale}: the CEP fills the address, the gift message reaches the admin's card and CSV only`, async ({
    page,
    shopIn,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const t = L[locale];
    const shop = shopIn(locale);
    const { shopper, checkout } = await openCheckout(page, shop, locale, `cep-${locale}`);

    await test.step('a bairro typed by hand stays; the CEP fills street, city and UF', async () => {
      // The saved profile's address is prefilled (São Paulo); the shopper types a bairro first.
      await expect(checkout.field(t.street)).toHaveValue('Avenida Paulista');
      await checkout.field(t.neighborhood).fill('Funcionários');
      await checkout
        .field(CHECKOUT_TEXTS[locale].postalCode)
        .fill(`${cep.slice(0, 5)}-${cep.slice(5)}`);
      await expect(checkout.field(t.street)).toHaveValue(known.logradouro);
      await expect(checkout.field(t.city)).toHaveValue(known.localidade);
      await expect(stateSelect(checkout)).toHaveValue(known.uf);
      await expect(checkout.field(t.neighborhood)).toHaveValue('Funcionários');
      await expect(checkout.main.getByText(t.filled)).toBeVisible();
      // The street, city and UF are the fake's (the shop's server keeps an answer a day, so a
      // retry of this test is served without asking the fake again).
      // Every field stays editable after the fill.
      await checkout.field(t.number).fill('1212');
      await checkout.field(t.street).fill(`${known.logradouro} `);
      await expect(checkout.field(t.street)).toBeEditable();
      await expect(page.getByTestId('summary-place')).toHaveText(
        `${known.logradouro}, 1212, Apto 42, Funcionários - ${known.localidade}/${known.uf}, ${cep.slice(0, 5)}-${cep.slice(5)}`,
      );
    });

    await test.step('an optional gift message with its count; the CPF', async () => {
      const gift = checkout.main.getByRole('textbox', { name: t.gift });
      await gift.fill('Feliz Páscoa, Dona Lúcia!\nCom carinho');
      await expect(page.getByTestId('gift-message-count')).toHaveText(t.count(37));
      // A pasted message over 200 characters is kept whole, and the field says so at once.
      const long = 'Querida Lúcia, '.repeat(16).trim();
      await gift.fill(long);
      await expect(gift).toHaveValue(long);
      await expect(page.getByTestId('gift-message-count')).toHaveText(t.count(long.length));
      await expect(page.getByTestId('gift-message-error')).toHaveText(t.giftOver(long.length));
      await gift.fill('Feliz Páscoa, Dona Lúcia!\nCom carinho');
      await checkout.field(CHECKOUT_TEXTS[locale].cpf).fill('529.982.247-25');
      await checkout.field(CHECKOUT_TEXTS[locale].telephone).click();
      await shoot(page, `checkout-${locale}`);
    });

    const orderId = await checkout.confirmAndLand();

    await test.step('stored with bairro, UF and the message; the order page shows the address only', async () => {
      const [stored] = await ordersOf(shopper.uid);
      expect(stored).toMatchObject({
        address: {
          street: known.logradouro,
          number: '1212',
          neighborhood: 'Funcionários',
          city: known.localidade,
          state: known.uf,
          postalCode: `${cep.slice(0, 5)}-${cep.slice(5)}`,
        },
        cpf: '529.982.247-25',
        giftMessage: 'Feliz Páscoa, Dona Lúcia!\nCom carinho',
      });
      await expect(page.getByTestId('order-place')).toContainText(
        `Funcionários - ${known.localidade}/${known.uf}`,
      );
      await expect(page.getByRole('main')).not.toContainText('Dona Lúcia');
    });

    await test.step("the admin's card: CPF, telephone, full address and gift message", async () => {
      const adminContext = await browser.newContext({ baseURL });
      const adminPage = await adminContext.newPage();
      const adminShop = new Shop(adminPage, locale);
      await adminPage.goto(`/${locale}`);
      // The cookie notice would cover the card on the screenshots.
      await adminPage.getByRole('button', { name: TEXTS[locale].cookieAccept }).click();
      await adminShop.footer.userButton.click();
      await signInInUserTab(adminShop, ADMIN);
      await expect(adminShop.userTab.getByText(ADMIN.email)).toBeVisible({ timeout: 15_000 });
      await adminPage.goto(`/${locale}/control-panel/orders?q=${orderId}`);
      const card = adminPage.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card.getByTestId('admin-order-cpf')).toHaveText(t.cpfLabel);
      await expect(card).toContainText('+55 11 91234-5678');
      await expect(card).toContainText(`${known.logradouro}, 1212`);
      await expect(card).toContainText('Funcionários');
      await expect(card).toContainText(
        `${known.localidade}/${known.uf} — ${cep.slice(0, 5)}-${cep.slice(5)}`,
      );
      const gift = card.getByTestId('admin-order-gift-message');
      await expect(gift).toContainText(t.giftTitle);
      await expect(gift).toContainText('Feliz Páscoa, Dona Lúcia!');
      await shoot(adminPage, `panel-card-${locale}`, card);
      await adminContext.close();
    });

    await test.step('the CSV has columns for them', async () => {
      const admin = await sessionContext(baseURL!, ADMIN);
      const csv = await (await admin.get(`/${locale}/control-panel/export?q=${orderId}`)).text();
      await admin.dispose();
      const [header, row] = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      const d = locale === 'pt-BR' ? ';' : ',';
      expect(header).toContain(
        locale === 'pt-BR'
          ? 'Telefone;CPF;Endereço;Bairro;Cidade;UF;CEP;Mensagem para o cartão'
          : 'Telephone,CPF,Address,Neighbourhood,City,State,Postal code,Gift card message',
      );
      expect(row).toContain(
        [
          '(11) 91234-5678',
          '529.982.247-25',
          // Quoted where the comma is the delimiter (en).
          d === ',' ? `"${known.logradouro}, 1212, Apto 42"` : `${known.logradouro}, 1212, Apto 42`,
          'Funcionários',
          known.localidade,
          known.uf,
          `${cep.slice(0, 5)}-${cep.slice(5)}`,
          '"Feliz Páscoa, Dona Lúcia!\nCom carinho"',
        ].join(d),
      );
    });
  });
}

test('with the CEP service hanging or gone, nothing breaks and the shopper types the address', async ({
  page,
  shopIn,
}) => {
  test.setTimeout(90_000);
  const locale = 'pt-BR';
  const t = L[locale];
  const shop = shopIn(locale);
  const { checkout } = await openCheckout(page, shop, locale, 'cep-down');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  for (const [mode, cep] of [
    ['hang', '40020000'],
    ['gone', '80010000'],
  ] as const) {
    await test.step(`service ${mode}: the field says so, no error, every field editable`, async () => {
      // The saved address's street belongs to another CEP and goes; a street typed by hand stays.
      const street = mode === 'hang' ? '' : 'Rua Digitada';
      if (mode === 'hang') fake.setMode('hang');
      else await fake.close();
      const asked = page.waitForResponse((response) =>
        response.url().endsWith(`/api/address/cep/${cep}`),
      );
      await checkout.field(CHECKOUT_TEXTS[locale].postalCode).fill(cep);
      // The shop's server gives up at its deadline (2.5 s) and says 'unavailable'.
      expect((await asked).status()).toBe(503);
      await expect(checkout.field(t.street)).toHaveValue(street);
      await expect(checkout.main.getByText(t.cepUnavailable)).toBeVisible();
      await expect(checkout.main.getByText(t.filled)).toHaveCount(0);
      await expect(checkout.errors).toBeEmpty();
      await checkout.field(t.street).fill('Rua Digitada');
      await checkout.field(t.neighborhood).fill('Bairro Digitado');
      await checkout.field(t.city).fill('Cidade Digitada');
      await stateSelect(checkout).selectOption(mode === 'hang' ? 'BA' : 'PR');
      await expect(page.getByTestId('summary-place')).toContainText(
        `Rua Digitada, 1000, Apto 42, Bairro Digitado - Cidade Digitada/${mode === 'hang' ? 'BA' : 'PR'}`,
      );
    });
  }
  expect(errors).toEqual([]);
});

for (const locale of SHOP_LOCALES) {
  test(`${locale}: a malformed CEP is refused in the profile as in the checkout`, async ({
    page,
    shopIn,
  }) => {
    test.setTimeout(90_000);
    const shop = shopIn(locale);
    const { shopper, checkout } = await openCheckout(page, shop, locale, `cep-bad-${locale}`);

    await test.step('checkout: the CEP message, and nothing is sent', async () => {
      const field = checkout.field(CHECKOUT_TEXTS[locale].postalCode);
      await field.fill('1234-567');
      await field.blur();
      await expect(checkout.main.getByText(CHECKOUT_TEXTS[locale].cepError)).toBeVisible();
      await checkout.confirmButton.click();
      await expect(checkout.errors).toHaveText(CHECKOUT_TEXTS[locale].formError);
      await expect(field).toBeFocused();
      expect(await ordersOf(shopper.uid)).toEqual([]);
    });

    await test.step('profile: the same refusal, the stored CEP unchanged', async () => {
      await page.goto(`/${locale}/usuario`);
      const screen = new AccountScreen(page, locale, page.getByRole('main'));
      await screen.editAddressField('postalCode', '1234-567');
      await screen.saveButton.click();
      await expect(screen.addressField('postalCode')).toContainText(L[locale].profileCepError);
      expect((await userRecordByEmail(shopper.email))?.address).toMatchObject({
        postalCode: '01310-100',
      });
      // A valid one saves, formatted.
      await screen.fieldInput('postalCode').fill('30130005');
      await screen.saveButton.click();
      await expect(screen.savedMessage).toBeVisible();
      expect((await userRecordByEmail(shopper.email))?.address).toMatchObject({
        postalCode: '30130-005',
      });
    });
  });
}

import type { Page } from '@playwright/test';
import { AccountScreen, UserTab } from './fixtures/account';
import { CHECKOUT_TEXTS, CheckoutPage, setStock } from './fixtures/checkout';
import { uniqueEmail, userRecordByEmail } from './fixtures/e2e-firebase';
import { expect, SHOP_LOCALES, test, type ShopLocale } from './fixtures/shop';

// A new customer completes the profile: 'not filled in' hints instead of the stored defaults,
// name and telephone edited, the first delivery order fills the address, and an empty
// complement saves. Each run signs up an account of its own.

const TEXTS = {
  'pt-BR': {
    saveToProfile: 'Salvar este endereço no meu perfil',
    street: 'Rua',
    number: 'Número',
    extra: 'Complemento (opcional)',
    city: 'Cidade',
    neighborhood: 'Bairro',
    state: 'Estado (UF)',
  },
  en: {
    saveToProfile: 'Save this address to my profile',
    street: 'Street',
    number: 'Number',
    extra: 'Complement (optional)',
    city: 'City',
    neighborhood: 'Neighbourhood (bairro)',
    state: 'State (UF)',
  },
} as const;

// The stored defaults of a new account (lib/users/types.ts): data, never text on the screen.
const PLACEHOLDERS = /No (name|street|number|complement|city|postal code)/;

const usuario = (page: Page, locale: ShopLocale) =>
  new AccountScreen(page, locale, page.getByRole('main'));

for (const locale of SHOP_LOCALES) {
  test(`a new account completes its profile, with the checkout's help (${locale}) @phone`, async ({
    page,
    shopIn,
  }) => {
    test.setTimeout(120_000);
    const shop = shopIn(locale);
    const tab = new UserTab(page, locale);
    const t = tab.t;
    const email = uniqueEmail(`perfil-${locale}`);
    const name = locale === 'en' ? 'Julia Santos' : 'Júlia Santos';
    const firstName = locale === 'en' ? 'Julia' : 'Júlia';
    // Every run of this journey buys one Mini Ovo (no other spec counts its stock).
    await setStock('mini-ovo', 50);

    await test.step("after 'Criar conta', the name given and localized hints instead of 'No street'", async () => {
      await page.goto(`/${locale}`);
      await tab.open();
      // The sign-up's name is the first name only: the profile completes it below.
      await tab.fillName(firstName);
      await tab.fillCredentials(email, 'segredo-123');
      await tab.createAccountButton.click();
      await tab.expectSignedIn(firstName);
      await expect(tab.contactField('name')).toContainText(firstName);
      await expect(tab.contactField('telephone')).toContainText(t.unfilled);
      for (const field of ['street', 'number', 'extra', 'city', 'postalCode'] as const) {
        await expect(tab.addressField(field)).toContainText(t.unfilled);
      }
      await expect(tab.scope).not.toContainText(PLACEHOLDERS);
      // Still stored as the specification says.
      expect(await userRecordByEmail(email)).toMatchObject({
        name: firstName,
        address: { street: 'No street', extra: 'No complement' },
      });
    });

    await test.step('edits name and telephone; only the save writes', async () => {
      await tab.editButton('name').click();
      await expect(tab.fieldInput('name')).toHaveValue(firstName);
      await tab.fieldInput('name').fill(name);
      await tab.doneButton('name').click();
      await tab.editAddressField('telephone', '(21) 98765-4321');
      await expect(tab.contactField('name')).toContainText(name);
      await expect(tab.contactField('name')).toContainText('*');
      await expect(tab.contactField('telephone')).toContainText('+55 21 98765-4321');
      // Confirmed fields are pending: nothing is stored yet.
      expect((await userRecordByEmail(email))?.name).toBe(firstName);
      await tab.saveButton.click();
      await expect(tab.savedMessage).toBeVisible();
      await expect(tab.profileName).toHaveText(name);
      await expect(tab.contactField('name')).not.toContainText('*');
      expect(await userRecordByEmail(email)).toMatchObject({
        name,
        telephone: '+55 21 98765-4321',
      });
      await tab.close();
    });

    const checkout =
      await test.step("checkout: 'Salvar este endereço' is ticked, nothing is prefilled from the defaults", async () => {
        await shop.addFromProductPage('mini-ovo');
        await shop.openCart();
        await shop.cart.checkoutButton.click();
        const checkout = new CheckoutPage(page, locale);
        await checkout.expectOnPage();
        const f = TEXTS[locale];
        await expect(checkout.option('delivery')).toBeChecked();
        await expect(checkout.main.getByRole('checkbox', { name: f.saveToProfile })).toBeChecked();
        await expect(checkout.field(f.street)).toHaveValue('');
        await expect(checkout.field(CHECKOUT_TEXTS[locale].postalCode)).toHaveValue('');
        await expect(checkout.field(CHECKOUT_TEXTS[locale].telephone)).toHaveValue(
          '+55 21 98765-4321',
        );
        await checkout.field(f.street).fill('Rua do Catete');
        await checkout.field(f.number).fill('153');
        await checkout.field(f.city).fill('Rio de Janeiro');
        await checkout.field(f.neighborhood).fill('Catete');
        await checkout.main.getByRole('combobox', { name: f.state }).selectOption('RJ');
        await checkout.field(CHECKOUT_TEXTS[locale].postalCode).fill('22220000');
        await checkout.field(CHECKOUT_TEXTS[locale].telephone).fill('21 3456-7890');
        return checkout;
      });

    await test.step('the delivery order leaves that address and telephone in the profile', async () => {
      await checkout.confirmAndLand();
      const saved = {
        street: 'Rua do Catete',
        number: '153',
        extra: '',
        city: 'Rio de Janeiro',
        postalCode: '22220-000',
        neighborhood: 'Catete',
        state: 'RJ',
      };
      expect(await userRecordByEmail(email)).toMatchObject({
        name,
        telephone: '+55 21 3456-7890',
        address: saved,
      });
      // The user tab shows it without a reload.
      await tab.open();
      await expect(tab.addressField('street')).toContainText('Rua do Catete');
      await expect(tab.addressField('postalCode')).toContainText('22220-000');
      await expect(tab.addressField('extra')).toContainText(t.unfilled);
      await expect(tab.contactField('telephone')).toContainText('+55 21 3456-7890');
      await tab.close();
    });

    await test.step('/usuario: an empty complement saves, and both the page and the tab follow', async () => {
      await page.goto(`/${locale}/usuario`);
      const screen = usuario(page, locale);
      await expect(screen.profileName).toHaveText(name);
      await expect(screen.addressField('city')).toContainText('Rio de Janeiro');
      await expect(screen.scope).not.toContainText(PLACEHOLDERS);

      await screen.editAddressField('extra', 'Apto 42');
      await screen.saveButton.click();
      await expect(screen.savedMessage).toBeVisible();
      expect((await userRecordByEmail(email))?.address).toMatchObject({ extra: 'Apto 42' });

      await screen.editAddressField('extra', '');
      await screen.editAddressField('name', `${name} Lima`);
      await screen.saveButton.click();
      await expect(screen.savedMessage).toBeVisible();
      await expect(screen.alert).toHaveCount(0);
      expect(await userRecordByEmail(email)).toMatchObject({
        name: `${name} Lima`,
        address: { extra: '' },
      });
      await expect(screen.addressField('extra')).toContainText(t.unfilled);
      // The server-rendered card, and the user tab (user store), without a reload.
      await expect(screen.profileName).toHaveText(`${name} Lima`);
      await tab.open();
      await expect(tab.profileName).toHaveText(`${name} Lima`);
      await expect(tab.addressField('extra')).toContainText(t.unfilled);
    });
  });
}

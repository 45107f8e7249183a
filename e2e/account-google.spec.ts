import { expect, test } from './fixtures/test';
import {
  AccountScreen,
  blockGoogleCdn,
  chooseGoogleAccount,
  SHOPPER,
  UserTab,
  useGoogleStandIn,
} from './fixtures/account';
import { uniqueEmail, userRecordByEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';

test.describe('Google sign-in through the Auth emulator (offline, gapi stand-in)', () => {
  test('creates the user record once with defaults, and a second sign-in keeps it @phone', async ({
    page,
    context,
  }) => {
    await skipIntro(context);
    await useGoogleStandIn(context);
    const email = uniqueEmail('google');
    const name = 'Gabriela Google';
    const tab = new UserTab(page, 'pt-BR');

    await test.step('first Google sign-in creates the account', async () => {
      await page.goto('/pt-BR');
      await tab.open();
      await expect(tab.googleButton).toBeEnabled();
      await chooseGoogleAccount(page, () => tab.googleButton.click(), { email, name });
      await tab.expectSignedIn(name);
    });

    await test.step('the new record has the default address and false flags', async () => {
      // Stored as placeholders, shown as 'not filled in'.
      for (const field of ['street', 'number', 'extra', 'city', 'postalCode'] as const) {
        await expect(tab.addressField(field)).toContainText(tab.t.unfilled);
      }
      const record = await userRecordByEmail(email);
      expect(record).toMatchObject({
        email,
        name,
        isAdmin: false,
        isMember: false,
        isOwner: false,
        address: {
          street: 'No street',
          number: 'No number',
          extra: 'No complement',
          city: 'No city',
          postalCode: 'No postal code',
        },
      });
    });

    await test.step('edit the address, sign out', async () => {
      await tab.editAddressField('street', 'Rua das Flores');
      await tab.saveButton.click();
      await expect(tab.savedMessage).toBeVisible();
      // The tab shows 'signed out' at once; the next page load must wait for the cookie's removal.
      const revoked = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/session') && response.request().method() === 'DELETE',
      );
      await tab.logoutButton.click();
      await tab.expectSignedOut();
      expect((await revoked).status()).toBe(200);
    });

    await test.step('a second Google sign-in, on /usuario, does not overwrite the record', async () => {
      // A full load of /usuario: its Cross-Origin-Opener-Policy must leave the popup its opener.
      const response = await page.goto('/pt-BR/usuario');
      expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const account = new AccountScreen(page, 'pt-BR', page.getByRole('main'));
      await chooseGoogleAccount(page, () => account.googleButton.click(), { email, reuse: true });
      await account.expectSignedIn(name);
      await expect(account.addressField('street')).toContainText('Rua das Flores');
      await expect(account.addressField('city')).toContainText(account.t.unfilled);
      const record = await userRecordByEmail(email);
      expect(record).toMatchObject({ address: { street: 'Rua das Flores' }, isAdmin: false });
    });
  });

  test('offline without Google: a clear message, and email sign-in still works', async ({
    page,
    context,
  }) => {
    await skipIntro(context);
    await blockGoogleCdn(context, true);
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    await tab.open();
    await tab.googleButton.click();
    await expect(tab.alert).toHaveText(/O login com Google não está disponível agora/);
    await expect(tab.alert).toContainText('e-mail');
    await tab.signIn(SHOPPER.email, SHOPPER.password);
    await tab.expectSignedIn(SHOPPER.name);
  });
});

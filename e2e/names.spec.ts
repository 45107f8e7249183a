import { ADMIN, UserTab } from './fixtures/account';
import { CheckoutPage, setStock } from './fixtures/checkout';
import { sessionContext } from './fixtures/control-panel';
import { mailsOfOrder, uniqueEmail, userRecordByEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { shootBothSizes } from './fixtures/shots';
import { expect, TEXTS, test, type ShopLocale } from './fixtures/shop';

// A name on every order: the shopper signs up with theirs, orders a gift for someone else, and
// the recipient reaches the order page, the panel card, the CSV and both e-mails.

const TEXT = {
  'pt-BR': {
    fullName: 'Nome completo',
    missingName: 'Para criar a conta, informe seu nome completo.',
    recipient: 'Nome de quem recebe',
    product: 'Barra Tropical Paraná',
    orderPage: 'Quem recebe',
    card: (name: string) => `Quem recebe: ${name}`,
    mail: (name: string) => `Quem recebe: ${name}`,
    csvHeader: 'Quem recebe',
  },
  en: {
    fullName: 'Full name',
    missingName: 'To create an account, enter your full name.',
    recipient: "Recipient's name",
    product: 'Tropical Paraná Bar',
    orderPage: 'Recipient',
    card: (name: string) => `Recipient: ${name}`,
    mail: (name: string) => `Recipient: ${name}`,
    csvHeader: 'Recipient',
  },
} as const;

for (const locale of ['pt-BR', 'en'] as const satisfies readonly ShopLocale[]) {
  test(`${locale}: sign up with a name, order a gift for another, the recipient everywhere @phone`, async ({
    page,
    shopIn,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[locale];
    const shop = shopIn(locale);
    const tab = new UserTab(page, locale);
    const email = uniqueEmail(`nome-${locale}`);
    const own = locale === 'en' ? 'Julia Santos' : 'Júlia Santos';
    const gift = locale === 'en' ? 'Lucy Ramos' : 'Dona Lúcia Ramos';
    await setStock('barra-tropical-parana', 500);

    await test.step('sign-up asks for the full name and stores it', async () => {
      await page.goto(`/${locale}`);
      await tab.open();
      await tab.fillCredentials(email, 'segredo-123');
      await tab.createAccountButton.click();
      await expect(tab.alert).toHaveText(t.missingName);
      await tab.scope.getByRole('textbox', { name: t.fullName }).fill(`  ${own} `);
      await tab.createAccountButton.click();
      await tab.expectSignedIn(own);
      expect(await userRecordByEmail(email)).toMatchObject({ name: own });
      await tab.close();
    });

    const checkout = new CheckoutPage(page, locale);
    await test.step('the checkout starts the recipient from the profile; a gift changes it', async () => {
      await page.goto(`/${locale}/chocolates/barra-tropical-parana`);
      await page.getByRole('button', { name: TEXTS[locale].add(t.product) }).click();
      await shop.openCart();
      await shop.cart.checkoutButton.click();
      await checkout.expectOnPage();
      const recipient = checkout.field(t.recipient);
      await expect(recipient).toHaveValue(own);
      await recipient.fill(gift);
      await checkout.choosePickup();
      await checkout.field(checkout.t.telephone).fill('(11) 91234-5678');
      await shootBothSizes(page, `names-checkout-${locale}`);
    });

    const orderId = await checkout.confirmAndLand();
    await expect(page.getByTestId('order-recipient')).toHaveText(gift);
    await expect(page.getByRole('main')).toContainText(`${t.orderPage}: ${gift}`);
    await shootBothSizes(page, `names-order-${locale}`);

    await test.step('the panel card and the CSV show the recipient', async () => {
      const admin = await sessionContext(baseURL!, ADMIN);
      const context = await browser.newContext({ storageState: await admin.storageState() });
      await skipIntro(context);
      const panel = await context.newPage();
      await panel.goto(`/${locale}/control-panel?q=${orderId}`);
      const card = panel.locator(`[data-order-id="${orderId}"]`);
      await expect(card.getByTestId('admin-order-recipient')).toHaveText(t.card(gift));
      await shootBothSizes(panel, `names-panel-${locale}`);
      const csv = await admin.get(`/${locale}/control-panel/export?q=${orderId}`);
      const rows = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(rows[0]).toMatch(new RegExp(`[;,]${t.csvHeader}[;,]`));
      expect(rows[1]).toMatch(new RegExp(`[;,]${gift}[;,]`));
      await context.close();
      await admin.dispose();
    });

    await test.step("both e-mails name the recipient, the shopper's in their language", async () => {
      await expect(async () => {
        const mails = await mailsOfOrder(orderId);
        expect(mails.map((mail) => mail.kind).sort()).toEqual(['new-order', 'order-placed']);
        const placed = mails.find((mail) => mail.kind === 'order-placed')!;
        // Firebase Auth keeps the address in lower case.
        expect(placed.to).toBe(email.toLowerCase());
        expect(placed.text).toContain(t.mail(gift));
        const shopNotice = mails.find((mail) => mail.kind === 'new-order')!;
        expect(shopNotice.text).toContain(`Quem recebe: ${gift}`);
        expect(shopNotice.text).toContain(own);
      }).toPass({ timeout: 10_000 });
    });
  });
}

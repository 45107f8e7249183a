import type { Page } from '@playwright/test';
import { AccountScreen } from './fixtures/account';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { failLateChunks, holdLateChunks } from './fixtures/late-chunks';
import { shootBothSizes } from './fixtures/shots';
import { expect, SHOP_LOCALES, test, type ShopLocale } from './fixtures/shop';

// The checkout's island, the login form of /usuario and of a signed-out order link, and the account
// of /usuario are chunks of their own (components/ui/deferred.tsx), fetched as soon as the page's
// code runs. The first two have a 'loading' line as server markup, so nothing can be typed or
// tapped before the code has come; the account shows at once and holds a tap until then. The
// chunks are held here until `release`, so what the page shows meanwhile is certain whatever the
// machine's speed.

const TEXT = {
  'pt-BR': {
    checkoutLoading: 'Carregando seu pedido…',
    signInTitle: 'Entre para concluir o pedido',
    codeFailed: 'Não foi possível abrir. Verifique sua conexão e tente de novo.',
    reload: 'Recarregar a página',
    loginLoading: 'Carregando Firebase...',
    loginFailed: 'Não foi possível carregar o login agora. Verifique sua conexão.',
    retry: 'Tentar novamente',
    email: 'E-mail',
  },
  en: {
    checkoutLoading: 'Loading your order…',
    signInTitle: 'Sign in to place your order',
    codeFailed: "Couldn't open this. Check your connection and try again.",
    reload: 'Reload the page',
    loginLoading: 'Loading Firebase...',
    loginFailed: 'Sign-in could not load right now. Check your connection.',
    retry: 'Try again',
    email: 'Email',
  },
} as const;

for (const locale of SHOP_LOCALES) {
  const t = TEXT[locale];

  test(`the checkout says 'loading' until its code has come, then shows the order (${locale}) @phone`, async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn(locale);
    await page.goto(`/${locale}`);
    await shop.addButton('mini-ovo').first().click();
    const path = `/${locale}/checkout`;
    const chunks = await holdLateChunks(page, path);
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(chunks.waiting).toBeGreaterThan(0);
    const main = page.getByRole('main');
    await expect(main.getByText(t.checkoutLoading)).toBeVisible();
    await expect(page.getByTestId('order-reference')).toHaveCount(0);
    await shootBothSizes(page, `late-checkout-waiting-${locale}`);

    await chunks.release();
    await expect(page.getByTestId('order-reference')).toHaveText(/^[0-9A-F]{12}$/);
    await expect(main.getByRole('heading', { name: t.signInTitle, level: 2 })).toBeVisible();
    await expect(main.getByText(t.checkoutLoading)).toHaveCount(0);
    await shootBothSizes(page, `late-checkout-${locale}`);
  });

  test(`/usuario's login form says 'loading' until its code has come, then takes an e-mail (${locale})`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    const path = `/${locale}/usuario`;
    const chunks = await holdLateChunks(page, path);
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(chunks.waiting).toBeGreaterThan(0);
    const main = page.getByRole('main');
    await expect(main.getByText(t.loginLoading)).toBeVisible();
    await expect(main.getByLabel(t.email, { exact: true })).toHaveCount(0);

    await chunks.release();
    await main.getByLabel(t.email, { exact: true }).fill('late@example.com');
    await expect(main.getByLabel(t.email, { exact: true })).toHaveValue('late@example.com');
    await shootBothSizes(page, `late-usuario-${locale}`);
  });
}

test('the checkout says so when its code cannot load, and offers a reload', async ({
  page,
  shopIn,
}) => {
  const shop = shopIn('pt-BR');
  const t = TEXT['pt-BR'];
  await page.goto('/pt-BR');
  await shop.addButton('mini-ovo').first().click();
  await failLateChunks(page, '/pt-BR/checkout');
  await page.goto('/pt-BR/checkout');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(t.codeFailed);
  await expect(main.getByRole('button', { name: t.reload })).toBeVisible();
  await expect(main.getByText(t.checkoutLoading)).toHaveCount(0);
  await shootBothSizes(page, 'late-checkout-failed-pt-BR');
});

test("/usuario's login says so when its code cannot load, and offers to try again", async ({
  page,
  shopIn,
}) => {
  shopIn('en');
  const t = TEXT.en;
  await failLateChunks(page, '/en/usuario');
  await page.goto('/en/usuario');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(t.loginFailed);
  await expect(main.getByRole('button', { name: t.retry })).toBeVisible();
  await shootBothSizes(page, 'late-usuario-failed-en');
});

/** A fresh account signed in on /usuario through its form. */
async function signedInAccount(page: Page, locale: ShopLocale) {
  const account = new AccountScreen(page, locale, page.getByRole('main'));
  const email = uniqueEmail(`late-account-${locale}`);
  await createUserWithRecord(email, 'segredo-123', { name: 'Lia Tardia' });
  await page.goto(`/${locale}/usuario`);
  await account.signIn(email, 'segredo-123');
  await account.expectSignedIn('Lia Tardia');
  return account;
}

for (const locale of SHOP_LOCALES) {
  test(`/usuario's account shows before its code; a tap on 'Editar' then opens the field once it has come (${locale}) @phone`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    const account = await signedInAccount(page, locale);
    const path = `/${locale}/usuario`;
    const chunks = await holdLateChunks(page, path);
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(chunks.waiting).toBeGreaterThan(0);
    await expect(account.profileName).toHaveText('Lia Tardia');

    await account.editButton('name').click();
    await expect(account.editButton('name')).toHaveAttribute('aria-busy', 'true');
    await expect(account.fieldInput('name')).toHaveCount(0);
    await shootBothSizes(page, `late-account-waiting-${locale}`);

    await chunks.release();
    await expect(account.fieldInput('name')).toHaveValue('Lia Tardia');
    await expect(account.doneButton('name')).not.toHaveAttribute('aria-busy');
  });
}

test("/usuario's account says so when its code cannot load, and offers to try again", async ({
  page,
  shopIn,
}) => {
  shopIn('pt-BR');
  const account = await signedInAccount(page, 'pt-BR');
  await failLateChunks(page, '/pt-BR/usuario');
  await page.goto('/pt-BR/usuario');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(
    'Não foi possível carregar esta parte da página. Verifique sua conexão.',
  );
  await expect(main.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
  await expect(account.profileName).toHaveCount(0);
  await shootBothSizes(page, 'late-account-failed-pt-BR');
});

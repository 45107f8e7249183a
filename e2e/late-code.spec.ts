import { failLateChunks, holdLateChunks } from './fixtures/late-chunks';
import { shootBothSizes } from './fixtures/shots';
import { expect, SHOP_LOCALES, test } from './fixtures/shop';

// The checkout's island and the login form of /usuario and of a signed-out order link are chunks
// of their own (components/ui/deferred.tsx), fetched as soon as the page's code runs. Their server
// markup is a 'loading' line, so nothing can be typed or tapped before the code has come; held
// here until `release`, so what the page shows meanwhile is certain whatever the machine's speed.

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

import { expect, test } from './fixtures/test';

async function redirectOf(
  request: import('@playwright/test').APIRequestContext,
  path: string,
  headers: Record<string, string>,
) {
  const response = await request.get(path, { headers, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  const location = new URL(response.headers()['location'] ?? '', 'http://placeholder');
  return location.pathname + location.search;
}

test.describe('bare paths redirect to the negotiated locale', () => {
  const cases = [
    { path: '/', acceptLanguage: 'pt-BR,pt;q=0.9', expected: '/pt-BR' },
    { path: '/', acceptLanguage: 'de-DE', expected: '/en' },
    { path: '/', acceptLanguage: 'pt;q=0.1, en;q=0.9', expected: '/en' },
    {
      path: '/chocolates/ovo-pistache',
      acceptLanguage: 'pt',
      expected: '/pt-BR/chocolates/ovo-pistache',
    },
    { path: '/privacidade', acceptLanguage: 'en-US', expected: '/en/privacidade' },
    {
      path: '/termos-de-uso?ref=mail',
      acceptLanguage: 'pt-PT',
      expected: '/pt-BR/termos-de-uso?ref=mail',
    },
  ];
  for (const { path, acceptLanguage, expected } of cases) {
    test(`${path} with Accept-Language "${acceptLanguage}" goes to ${expected}`, async ({
      request,
    }) => {
      expect(await redirectOf(request, path, { 'Accept-Language': acceptLanguage })).toBe(expected);
    });
  }

  test('an earlier explicit choice (the NEXT_LOCALE cookie) wins over Accept-Language', async ({
    request,
  }) => {
    expect(
      await redirectOf(request, '/chocolates/mini-ovo', {
        'Accept-Language': 'pt-BR',
        Cookie: 'NEXT_LOCALE=en',
      }),
    ).toBe('/en/chocolates/mini-ovo');
  });

  test('a visitor following the redirect lands on the page in their language', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto('/chocolates/ovo-pistache');
    await expect(page).toHaveURL(/\/pt-BR\/chocolates\/ovo-pistache$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ovo Pistache');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await context.close();
  });
});

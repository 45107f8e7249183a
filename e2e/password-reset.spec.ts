import { expect, test } from '@playwright/test';
import { UserTab } from './fixtures/account';
import { createShopper } from './fixtures/checkout';
import { E2E_PROJECT_ID, uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { SHOP_LOCALES } from './fixtures/shop';

// 'Esqueci minha senha' against the Auth emulator: the reset link comes from the emulator's
// out-of-band codes endpoint (the e-mail it would have sent), is followed with a new password,
// and the shopper signs in with it. An unknown e-mail gets the very same answer.

const AUTH_URL = `http://127.0.0.1:${process.env.E2E_AUTH_PORT ?? '9199'}`;

const TEXTS = {
  'pt-BR': {
    forgot: 'Esqueci minha senha',
    sent: 'Se este e-mail tiver uma conta, enviamos para ele um link para criar uma nova senha. Confira sua caixa de entrada (e o spam).',
    typeEmail:
      "Digite seu e-mail acima e escolha 'Esqueci minha senha' para receber um link e criar uma nova.",
    wrong: 'E-mail ou senha incorretos.',
  },
  en: {
    forgot: 'Forgot my password',
    sent: 'If this e-mail has an account, we have sent it a link to choose a new password. Check your inbox (and the spam folder).',
    typeEmail:
      "Type your e-mail above, then choose 'Forgot my password' to get a link to choose a new one.",
    wrong: 'Wrong email or password.',
  },
} as const;

type OobCode = { email: string; requestType: string; oobLink: string; oobCode: string };

/** The password reset links the emulator "sent" to `email`. */
async function resetLinks(email: string): Promise<string[]> {
  const response = await fetch(`${AUTH_URL}/emulator/v1/projects/${E2E_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .map((code) => code.oobLink);
}

test.describe('password reset', () => {
  for (const locale of SHOP_LOCALES) {
    test(`a reset link from the e-mail sets a new password that signs in (${locale})`, async ({
      page,
    }) => {
      const t = TEXTS[locale];
      const shopper = await createShopper('reset');
      const newPassword = `nova-senha-${Date.now()}`;
      await skipIntro(page);
      // The SDK asks Firebase for the e-mail in the page's language.
      const languages: (string | undefined)[] = [];
      page.on('request', (request) => {
        if (request.url().includes('accounts:sendOobCode')) {
          languages.push(request.headers()['x-firebase-locale']);
        }
      });

      const tab = new UserTab(page, locale);
      await page.goto(`/${locale}`);
      await tab.open();
      const forgot = tab.dialog.getByRole('button', { name: t.forgot });

      await test.step('without an e-mail it asks for one', async () => {
        await forgot.click();
        await expect(tab.alert).toHaveText(t.typeEmail);
      });

      await test.step('an unknown e-mail gets the same answer as a known one', async () => {
        const unknown = uniqueEmail('nobody');
        await tab.emailInput.fill(unknown);
        await forgot.click();
        await expect(tab.dialog.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
        expect(await resetLinks(unknown)).toEqual([]);

        await tab.emailInput.fill(shopper.email);
        await forgot.click();
        await expect(tab.dialog.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
        await expect.poll(() => resetLinks(shopper.email)).toHaveLength(1);
        expect(languages).toEqual([locale, locale]);
      });

      await test.step('following the link with a new password leads back to sign in', async () => {
        const [link] = await resetLinks(shopper.email);
        expect(new URL(link ?? '').searchParams.get('continueUrl')).toMatch(
          new RegExp(`/${locale}\\?login=1$`),
        );
        await page.goto(`${link}&newPassword=${encodeURIComponent(newPassword)}`);
        await expect(page).toHaveURL(new RegExp(`/${locale}$`));
        await expect(tab.dialog).toBeVisible();
      });

      await test.step('the old password no longer works; the new one does', async () => {
        await tab.signIn(shopper.email, shopper.password);
        await expect(tab.alert).toHaveText(t.wrong);
        await tab.signIn(shopper.email, newPassword);
        await tab.expectSignedIn(shopper.name);
      });
    });
  }
});

import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { ADMIN } from './fixtures/account';
import { setStock } from './fixtures/checkout';
import { sessionContext } from './fixtures/control-panel';
import { holdLateChunks } from './fixtures/late-chunks';
import { uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { shootBothSizes } from './fixtures/shots';
import { expect, test, type ShopLocale } from './fixtures/shop';

// 'Avise-me quando chegar': a visitor leaves an e-mail with consent on a sold-out product, the
// panel's stock page shows them waiting, and setting the stock to 5 there queues their one e-mail
// in the outbox (lib/mail), with the unsubscribe link.

const APP_NAME = 'e2e-restock';
function app(): App {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.env.E2E_FIRESTORE_PORT ?? '8180'}`;
  return (
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-chocolate-shop' }, APP_NAME)
  );
}

const PRODUCTS = { 'pt-BR': 'ovo-tropical-amazonas', en: 'ovo-tropical-parana-amazonas' } as const;

const TEXT = {
  'pt-BR': {
    title: 'Avise-me quando chegar',
    email: 'Seu e-mail',
    consent: /Aceito receber um e-mail/,
    consentMissing: 'Marque a caixa para aceitar o aviso por e-mail.',
    done: (email: string) => `Combinado! Avisaremos ${email} quando voltar ao estoque.`,
    stockOf: (title: string) => `Estoque de ${title}`,
    save: 'Salvar alterações',
    waiting: '1 cliente esperando o aviso de volta ao estoque',
    subject: /voltou ao estoque$/,
  },
  en: {
    title: 'Let me know when it is back',
    email: 'Your e-mail',
    consent: /I agree to one e-mail/,
    consentMissing: 'Tick the box to agree to the e-mail notice.',
    done: (email: string) => `Done! We will tell ${email} when it is back in stock.`,
    stockOf: (title: string) => `Stock of ${title}`,
    save: 'Save changes',
    waiting: '1 shopper waiting for the back-in-stock notice',
    subject: /is back in stock$/,
  },
} as const;

for (const locale of ['pt-BR', 'en'] as const satisfies readonly ShopLocale[]) {
  const t = TEXT[locale];

  test(`'Avise-me' (${locale}): signed up on a sold-out product, one e-mail when the panel restocks it @phone`, async ({
    page,
    shopIn,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    shopIn(locale);
    const key = PRODUCTS[locale];
    const path = `/${locale}/chocolates/${key}`;
    const email = uniqueEmail(`avise-${locale}`);
    await setStock(key, 0);
    // The page is remade at most a minute after the product sold out: then the form is in it.
    await expect
      .poll(
        async () =>
          (await (await page.request.get(path)).text()).includes('data-testid="restock-alert"'),
        {
          timeout: 90_000,
        },
      )
      .toBe(true);

    // The first try is sent before the form's code has come: kept, and sent once it has.
    const chunks = await holdLateChunks(page, path);
    let documents = 0;
    page.on('domcontentloaded', () => (documents += 1));
    // Not waiting for the load event, which waits for the held chunks.
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(chunks.waiting).toBeGreaterThan(0);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const alert = page.getByRole('region', { name: t.title });
    const field = alert.getByRole('textbox', { name: t.email });
    await field.fill(email);
    await alert.getByRole('button', { name: t.title }).click();
    await shootBothSizes(page, `avise-early-${locale}`);
    await expect(alert.getByRole('alert')).toHaveCount(0);
    await chunks.release();
    await expect(alert.getByRole('alert')).toHaveText(t.consentMissing);
    await expect(field).toHaveValue(email);
    await shootBothSizes(page, `avise-product-${locale}`);
    // The browser never sent the form itself: no other document, nothing in the address.
    expect(documents).toBe(1);
    expect(page.url()).toMatch(new RegExp(`${path}$`));
    await alert.getByRole('checkbox', { name: t.consent }).check();
    await alert.getByRole('button', { name: t.title }).click();
    await expect(page.getByTestId('restock-done')).toHaveText(t.done(email));

    const admin = await sessionContext(baseURL!, ADMIN);
    const context = await browser.newContext({ storageState: await admin.storageState() });
    await skipIntro(context);
    const panel = await context.newPage();
    await panel.goto(`/${locale}/control-panel/stock`);
    const row = panel.getByTestId(`stock-row-${key}`);
    await expect(row.getByTestId('stock-waiting')).toHaveText(t.waiting);
    await shootBothSizes(panel, `avise-panel-${locale}`);
    await row.getByRole('spinbutton', { name: t.stockOf(title) }).fill('5');
    await panel.getByRole('button', { name: t.save }).click();

    const mails = () =>
      getFirestore(app())
        .collection('projects/chocolate-shop/mail')
        .where('to', '==', email)
        .get()
        .then((snapshot) => snapshot.docs.map((doc) => doc.data()));
    await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mails();
    expect(mail?.subject).toMatch(t.subject);
    expect(mail?.text).toContain(`/${locale}/avise-me/cancelar?token=`);
    await panel.reload();
    await expect(row.getByTestId('stock-waiting')).toHaveCount(0);
    await context.close();
    await admin.dispose();
  });
}

// 'Avise-me quando chegar' end to end on a private local Firebase with the local outbox: shoppers
// sign up on a sold-out product, the panel's stock save sets it to 5, each gets one e-mail (with
// its unsubscribe link); a second restock sends nothing until someone signs up again.
import path from 'node:path';

import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';
import {
  mockAdminAuthModule,
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  signedInUser,
} from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('@/lib/control-panel/auth', () => mockAdminAuthModule());
jest.mock('next/headers', () => mockHeadersModule('192.0.2.61'));
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';
const KEY = 'ovo-tropical-minas';
const SUBJECT = /Ovo Tropical Minas voltou ao estoque|Tropical Minas Egg is back in stock/;

let stack: TestFirebase;
let clients: AdminClients;
let outbox: string;

const member = signedInUser({
  uid: 'uid-avise',
  email: 'conta@example.com',
  name: 'Conta Avise',
});

/** The outbox's back-in-stock messages now, after waiting (bounded) for `atLeast` of them. */
async function restockMails(atLeast = 0) {
  const { listOutbox } = await import('@/lib/mail/outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = (await listOutbox(outbox)).filter((m) => SUBJECT.test(m.subject));
    if (messages.length >= atLeast || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mails the outbox collection holds for the product (sent or not). */
async function queued(): Promise<number> {
  const snapshot = await clients.db.collection(`${ROOT}/mail`).where('orderId', '==', KEY).get();
  return snapshot.size;
}

async function saveStock(stock: number, expectedStock: number) {
  const { updateInventory } = await import('@/lib/control-panel/actions');
  return updateInventory(null, {
    locale: 'pt-BR',
    lines: [
      {
        key: KEY,
        stock,
        expectedStock,
        availableForSale: true,
        showInStore: true,
        isPromoted: false,
      },
    ],
  });
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  ({ stack, clients } = firebase);
  process.env.LOCAL_FIREBASE_DATA_DIR = stack.dataDir;
  outbox = path.join(stack.dataDir, 'outbox');
  await clients.db.doc(`${ROOT}/inventory/${KEY}`).set({ stock: 0 });
}, 90_000);

afterAll(async () => {
  delete process.env.LOCAL_FIREBASE_DATA_DIR;
});

it('one e-mail per waiting shopper when the stock returns, none on a second restock', async () => {
  const { requestRestockAlert } = await import('./actions');
  const { waitingCounts } = await import('./repository');

  // Refused without consent or with a bad address: nothing kept.
  await expect(
    requestRestockAlert({
      productKey: KEY,
      email: 'a@example.com',
      consent: false,
      locale: 'pt-BR',
    }),
  ).resolves.toEqual({ ok: false, error: 'consent' });
  await expect(
    requestRestockAlert({ productKey: KEY, email: 'not-an-email', consent: true, locale: 'pt-BR' }),
  ).resolves.toEqual({ ok: false, error: 'email' });

  // A visitor (Portuguese), a visitor (English) and a signed-in shopper's one tap.
  await expect(
    requestRestockAlert({
      productKey: KEY,
      email: 'ana@example.com',
      consent: true,
      locale: 'pt-BR',
    }),
  ).resolves.toEqual({ ok: true, email: 'ana@example.com' });
  await requestRestockAlert({
    productKey: KEY,
    email: 'bob@example.com',
    consent: true,
    locale: 'en',
  });
  await expect(
    mockSessionStore.run(member, () =>
      requestRestockAlert({ productKey: KEY, consent: true, locale: 'pt-BR' }),
    ),
  ).resolves.toEqual({ ok: true, email: 'conta@example.com' });
  // Signing up twice is one alert.
  await requestRestockAlert({
    productKey: KEY,
    email: 'ANA@example.com',
    consent: true,
    locale: 'pt-BR',
  });
  expect((await waitingCounts()).get(KEY)).toBe(3);
  expect(await queued()).toBe(0);

  // The panel sets the stock to 5: three e-mails, nobody waiting any more.
  expect(await saveStock(5, 0)).toMatchObject({ ok: true });
  expect(await queued()).toBe(3);
  const mails = await restockMails(3);
  expect(mails.map((mail) => mail.to).sort()).toEqual([
    'ANA@example.com',
    'bob@example.com',
    'conta@example.com',
  ]);
  const english = mails.find((mail) => mail.to === 'bob@example.com')!;
  expect(english.subject).toBe('Tropical Minas Egg is back in stock');
  expect(english.text).toContain('/en/chocolates/');
  expect(english.text).toMatch(/\/en\/avise-me\/cancelar\?token=[0-9a-f]{36}/);
  expect(mails.find((mail) => mail.to === 'conta@example.com')!.subject).toBe(
    'Ovo Tropical Minas voltou ao estoque',
  );
  expect((await waitingCounts()).get(KEY)).toBeUndefined();

  // Sold out and back again without a new sign-up: nothing more.
  expect(await saveStock(0, 5)).toMatchObject({ ok: true });
  expect(await saveStock(5, 0)).toMatchObject({ ok: true });
  expect(await queued()).toBe(3);

  // A new sign-up waits again, and gets the next restock's one e-mail.
  await requestRestockAlert({
    productKey: KEY,
    email: 'bob@example.com',
    consent: true,
    locale: 'en',
  });
  expect(await saveStock(0, 5)).toMatchObject({ ok: true });
  expect(await queued()).toBe(3);
  expect(await saveStock(8, 0)).toMatchObject({ ok: true });
  expect(await queued()).toBe(4);
  expect(await restockMails(4)).toHaveLength(4);
});

it("the unsubscribe link's token ends that address's alerts", async () => {
  const { requestRestockAlert, confirmRestockUnsubscribe } = await import('./actions');
  const { waitingCounts } = await import('./repository');
  const other = 'barra-tropical-rio';
  await requestRestockAlert({
    productKey: other,
    email: 'saida@example.com',
    consent: true,
    locale: 'pt-BR',
  });
  const alert = await clients.db
    .collection(`${ROOT}/restockAlerts`)
    .where('emailLower', '==', 'saida@example.com')
    .get();
  const token = alert.docs[0]!.get('token') as string;
  expect((await waitingCounts()).get(other)).toBe(1);
  await expect(confirmRestockUnsubscribe('f'.repeat(36))).resolves.toBe('unknown');
  await expect(confirmRestockUnsubscribe(token)).resolves.toBe('done');
  expect((await waitingCounts()).get(other)).toBeUndefined();
});

// The club's monthly charges through the webhook (topic 'subscription_authorized_payment'),
// against a private local Firebase and the local fake of Mercado Pago (test/fake-mercadopago.ts):
// an approved charge adds its month and mails the member once, a rejected one mails that Mercado
// Pago retries, and forged, replayed or unanswerable notifications change nothing.
import fs from 'node:fs';
import path from 'node:path';

import type { Firestore } from 'firebase-admin/firestore';

import { parseEml } from '@/lib/mail/outbox';
import { signatureManifest, signManifest } from '@/lib/payments/signature';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

jest.mock('@/lib/session/session', () => ({
  SessionUnavailableError: class SessionUnavailableError extends Error {},
  getSessionUser: jest.fn(async () => null),
  readSession: jest.fn(async () => ({ status: 'signed-out' })),
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';
const ACCESS_TOKEN = 'APP_USR-charges-access-token-0123456789';
const SECRET = 'charges-webhook-secret-for-tests';
// 15 November 2026, noon in Brazil: the club month '2026-11'.
const NOVEMBER = '2026-11-15T15:00:00.000-03:00';

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let route: typeof import('@/app/api/mercadopago/webhook/route');
let webhook: typeof import('@/lib/payments/webhook');

async function membership(uid: string) {
  return (await db.doc(`${ROOT}/memberships/${uid}`).get()).data();
}

/** An active monthly member `name` of the subscription `pre-{name}`, English or Portuguese. */
async function member(name: string, locale: 'pt-BR' | 'en' = 'pt-BR'): Promise<string> {
  const uid = `uid-${name}`;
  await db
    .doc(`${ROOT}/users/${uid}`)
    .set({ name: `Member ${name}`, email: `${name}@example.com` });
  await db.doc(`${ROOT}/memberships/${uid}`).set({
    uid,
    email: `${name}@example.com`,
    plan: 'mensal',
    state: 'active',
    locale,
    boxMonths: ['2026-10'],
    provider: 'mercadopago',
    preapprovalId: `pre-${name}`,
    initPoint: null,
    nextChargeAt: null,
    sourceModifiedAt: null,
    createdAt: 1,
    updatedAt: 1,
  });
  return uid;
}

let requestSequence = 0;
/** A monthly-charge notification for authorized payment `id`, signed as Mercado Pago would. */
async function notifyCharge(id: string, options: { secret?: string; requestId?: string } = {}) {
  requestSequence += 1;
  const requestId = options.requestId ?? `charge-req-${requestSequence}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(
    signatureManifest({ dataId: id, requestId, ts }),
    options.secret ?? SECRET,
  );
  const headers = new Headers({
    'content-type': 'application/json',
    'x-signature': `ts=${ts},v1=${v1}`,
    'x-request-id': requestId,
    'x-forwarded-for': `198.18.${requestSequence >> 8}.${requestSequence & 255}`,
  });
  const url = `http://localhost:3000/api/mercadopago/webhook?data.id=${id}&type=subscription_authorized_payment`;
  const body = JSON.stringify({
    action: 'created',
    type: 'subscription_authorized_payment',
    data: { id },
  });
  const response = await route.POST(new Request(url, { method: 'POST', headers, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Mail = { kind: string; to: string; subject: string; text: string };

/** The outbox's club e-mails about `uid`, once `count` are there (they are sent after). */
async function mails(uid: string, count: number): Promise<Mail[]> {
  const directory = path.join(stack.dataDir, 'outbox');
  const read = () =>
    fs.existsSync(directory)
      ? fs
          .readdirSync(directory)
          .filter((file) => file.endsWith('.eml') && file.includes(`-${uid}-`))
          .sort()
          .map((file) => {
            const { to, subject, text } = parseEml(
              fs.readFileSync(path.join(directory, file), 'utf8'),
            );
            return { kind: /-(club-[a-z-]+)-uid-/.exec(file)?.[1] ?? file, to, subject, text };
          })
      : [];
  for (let waited = 0; read().length < count && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

/** Lets any e-mail a notification wrongly scheduled reach the outbox before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

beforeAll(async () => {
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-key',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  stack = await startTestFirebase({ timeoutMs: 170_000 });
  clients = adminClients(stack);
  // The e-mails go to the stack's outbox (lib/env.ts), where `mails` reads them.
  process.env.LOCAL_FIREBASE_DATA_DIR = stack.dataDir;
  db = clients.db;
  route = await import('@/app/api/mercadopago/webhook/route');
  webhook = await import('@/lib/payments/webhook');
}, 180_000);

beforeEach(async () => {
  (await import('@/lib/rate-limit')).resetRateLimiters();
  webhook.resetWebhookState();
});

afterAll(async () => {
  webhook?.resetWebhookState();
  await clients?.close();
  await stack?.stop();
  await fake?.close();
});

describe('a monthly charge (subscription_authorized_payment)', () => {
  it('approved: adds its month once, records it, and mails the member in their language', async () => {
    const uid = await member('ana', 'pt-BR');
    const id = fake.chargePreapproval('pre-ana', { amount: 109, debitDate: NOVEMBER });
    fake.requests.length = 0;
    expect(await notifyCharge(id)).toEqual({ status: 200, body: { ok: true, result: 'charged' } });
    // The charge came from Mercado Pago, not from the notification.
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/authorized_payments/${id}`,
    });
    expect(await membership(uid)).toMatchObject({
      state: 'active',
      boxMonths: ['2026-10', '2026-11'],
      // Charged R$ 109 at Mercado Pago; kept in centavos.
      lastCharge: { id, status: 'approved', amount: 10900, at: Date.parse(NOVEMBER) },
    });
    const [charged] = await mails(uid, 1);
    expect(charged).toMatchObject({
      kind: 'club-charged',
      to: expect.stringContaining('ana@example.com'),
      subject: 'Recebemos o pagamento do seu clube de novembro de 2026',
    });
    expect(charged?.text).toContain('Olá, Member ana!');
    expect(charged?.text).toContain('R$ 109,00');

    // Another delivery of the same charge (a new notification id): nothing changes, no e-mail.
    expect((await notifyCharge(id)).body.result).toBe('unchanged');
    await settle();
    expect(await mails(uid, 1)).toHaveLength(1);
    expect((await membership(uid))?.boxMonths).toEqual(['2026-10', '2026-11']);
  });

  it('in English: "We received your club payment for November 2026"', async () => {
    const uid = await member('bob', 'en');
    const id = fake.chargePreapproval('pre-bob', { amount: 109, debitDate: NOVEMBER });
    expect((await notifyCharge(id)).body.result).toBe('charged');
    expect(await mails(uid, 1)).toMatchObject([
      { kind: 'club-charged', subject: 'We received your club payment for November 2026' },
    ]);
  });

  it('a replay is a duplicate: not applied again and no second e-mail', async () => {
    const uid = await member('caio');
    const id = fake.chargePreapproval('pre-caio', { debitDate: NOVEMBER });
    expect((await notifyCharge(id, { requestId: 'charge-replayed' })).body.result).toBe('charged');
    const after = await membership(uid);
    fake.requests.length = 0;
    expect(await notifyCharge(id, { requestId: 'charge-replayed' })).toEqual({
      status: 200,
      body: { ok: true, result: 'duplicate' },
    });
    // Another instance: its memory is empty, the claim in Firestore answers.
    webhook.resetWebhookState();
    expect((await notifyCharge(id, { requestId: 'charge-replayed' })).body.result).toBe(
      'duplicate',
    );
    expect(fake.requests).toHaveLength(0);
    await settle();
    expect(await mails(uid, 1)).toHaveLength(1);
    expect(await membership(uid)).toEqual(after);
  });

  it('changes nothing on a bad signature', async () => {
    const uid = await member('dani');
    const before = await membership(uid);
    const id = fake.chargePreapproval('pre-dani', { debitDate: NOVEMBER });
    fake.requests.length = 0;
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await notifyCharge(id, { secret: 'not-the-secret' })).toEqual({
        status: 401,
        body: { ok: false, error: 'invalid-signature' },
      });
    } finally {
      quiet.mockRestore();
    }
    expect(fake.requests).toHaveLength(0);
    expect(await membership(uid)).toEqual(before);
    await settle();
    expect(await mails(uid, 0)).toEqual([]);
  });

  it('rejected: recorded, the month not added, and the member told Mercado Pago retries', async () => {
    const uid = await member('eva', 'en');
    const id = fake.chargePreapproval('pre-eva', {
      paymentStatus: 'rejected',
      amount: 109,
      debitDate: NOVEMBER,
    });
    expect((await notifyCharge(id)).body.result).toBe('charge-failed');
    expect(await membership(uid)).toMatchObject({
      state: 'active',
      boxMonths: ['2026-10'],
      lastCharge: { id, status: 'rejected', amount: 10900 },
    });
    const [failed] = await mails(uid, 1);
    expect(failed).toMatchObject({
      kind: 'club-charge-failed',
      subject: 'We could not charge your club payment for November 2026',
    });
    expect(failed?.text).toContain('Mercado Pago will try again');
    // Reported again while Mercado Pago retries: no second e-mail.
    expect((await notifyCharge(id)).body.result).toBe('unchanged');

    // Mercado Pago's retry of the same charge is approved: the month is received.
    fake.chargePreapproval('pre-eva', { id, amount: 109, debitDate: NOVEMBER });
    expect((await notifyCharge(id)).body.result).toBe('charged');
    expect((await membership(uid))?.boxMonths).toEqual(['2026-10', '2026-11']);
    expect((await mails(uid, 2)).map((mail) => mail.kind)).toEqual([
      'club-charge-failed',
      'club-charged',
    ]);
  });

  it('ignores a charge of another subscription or an unknown one', async () => {
    const id = fake.chargePreapproval('pre-nobody', { debitDate: NOVEMBER });
    expect((await notifyCharge(id)).body.result).toBe('unknown-membership');
    expect((await notifyCharge('123456')).body.result).toBe('unknown-charge');
  });

  it('answers 503 when Mercado Pago cannot be asked, changing nothing, and applies the retry', async () => {
    const uid = await member('ivo');
    const before = await membership(uid);
    const id = fake.chargePreapproval('pre-ivo', { debitDate: NOVEMBER });
    fake.failPreapprovals(true);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await notifyCharge(id, { requestId: 'charge-retried' })).toEqual({
        status: 503,
        body: { ok: false, error: 'upstream-unavailable' },
      });
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
    expect(await membership(uid)).toEqual(before);
    await settle();
    expect(await mails(uid, 0)).toEqual([]);
    // Mercado Pago delivers the same notification again: now it is applied, once.
    expect((await notifyCharge(id, { requestId: 'charge-retried' })).body.result).toBe('charged');
    expect((await membership(uid))?.boxMonths).toEqual(['2026-10', '2026-11']);
    expect(await mails(uid, 1)).toHaveLength(1);
  });
});

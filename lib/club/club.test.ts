// Joining the club and its webhook, against a private local Firebase and the local fake of Mercado
// Pago (test/fake-mercadopago.ts): the subscription the server creates, the membership moving with
// the signed notifications, isMember following it, and forged or replayed notifications changing
// nothing.
import fs from 'node:fs';
import path from 'node:path';

import type { Firestore } from 'firebase-admin/firestore';

import { signatureManifest, signManifest } from '@/lib/payments/signature';
import type { PublicUser } from '@/lib/users/types';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import { as, mockSessionModule, signedInUser } from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';
const ACCESS_TOKEN = 'APP_USR-club-access-token-0123456789';
const SECRET = 'club-webhook-secret-for-tests';

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let join: typeof import('./join');
let route: typeof import('@/app/api/mercadopago/webhook/route');
let webhook: typeof import('@/lib/payments/webhook');
let manage: typeof import('./manage');
let membershipRoute: typeof import('@/app/api/club/membership/route');
let joinRoute: typeof import('@/app/api/club/join/route');
let orders: typeof import('@/lib/orders/place-order');

const shopper = (name: string) =>
  signedInUser({ uid: `uid-${name}`, email: `${name}@example.com`, name });

async function membership(uid: string) {
  return (await db.doc(`${ROOT}/memberships/${uid}`).get()).data();
}

async function isMember(uid: string): Promise<unknown> {
  return (await db.doc(`${ROOT}/users/${uid}`).get()).get('isMember');
}

let requestSequence = 0;
/** A subscription notification for preapproval `id`, signed as Mercado Pago would. */
async function notify(id: string, options: { secret?: string; requestId?: string } = {}) {
  requestSequence += 1;
  const requestId = options.requestId ?? `club-req-${requestSequence}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(
    signatureManifest({ dataId: id, requestId, ts }),
    options.secret ?? SECRET,
  );
  const headers = new Headers({
    'content-type': 'application/json',
    'x-signature': `ts=${ts},v1=${v1}`,
    'x-request-id': requestId,
    'x-forwarded-for': `198.19.${requestSequence >> 8}.${requestSequence & 255}`,
  });
  const url = `http://localhost:3000/api/mercadopago/webhook?data.id=${id}&type=subscription_preapproval`;
  const body = JSON.stringify({
    action: 'updated',
    type: 'subscription_preapproval',
    data: { id },
  });
  const response = await route.POST(new Request(url, { method: 'POST', headers, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Joins `plan` as `user` and answers the preapproval id the fake created. */
async function joined(user: PublicUser, plan = 'mensal'): Promise<string> {
  const result = await as(user, () => join.joinClub({ plan, locale: 'pt-BR' }));
  expect(result).toMatchObject({ ok: true, mode: 'mercadopago' });
  const stored = await membership(user.uid);
  return String(stored?.preapprovalId);
}

beforeAll(async () => {
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-key',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  // Generous only for a loaded machine (several builds at once): it normally starts in seconds.
  stack = await startTestFirebase({ timeoutMs: 170_000 });
  clients = adminClients(stack);
  // The e-mails go to the stack's outbox (lib/env.ts), where clubMails reads them.
  process.env.LOCAL_FIREBASE_DATA_DIR = stack.dataDir;
  db = clients.db;
  join = await import('./join');
  route = await import('@/app/api/mercadopago/webhook/route');
  webhook = await import('@/lib/payments/webhook');
  manage = await import('./manage');
  membershipRoute = await import('@/app/api/club/membership/route');
  joinRoute = await import('@/app/api/club/join/route');
  orders = await import('@/lib/orders/place-order');
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

describe('joining the club', () => {
  it('creates the subscription with the shopper e-mail, plan price and a return URL', async () => {
    const ana = shopper('ana');
    fake.requests.length = 0;
    const result = await as(ana, () => join.joinClub({ plan: 'trimestral', locale: 'en' }));
    expect(result).toEqual({
      ok: true,
      mode: 'mercadopago',
      initPoint: expect.stringContaining('/subscriptions/checkout?preapproval_id='),
    });
    const [created] = fake.requests.filter((r) => r.method === 'POST');
    expect(created).toMatchObject({
      path: '/preapproval',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
      body: {
        payer_email: 'ana@example.com',
        external_reference: 'uid-ana',
        back_url: 'http://localhost:3000/en/usuario',
        status: 'pending',
        auto_recurring: {
          frequency: 3,
          frequency_type: 'months',
          transaction_amount: 297,
          currency_id: 'BRL',
        },
      },
    });
    expect(await membership('uid-ana')).toMatchObject({
      plan: 'trimestral',
      state: 'pending',
      email: 'ana@example.com',
    });
    expect(await isMember('uid-ana')).toBeUndefined();
  });

  it('answers the same link when the same plan is asked again while pending', async () => {
    const bia = shopper('bia');
    const first = await as(bia, () => join.joinClub({ plan: 'mensal', locale: 'pt-BR' }));
    fake.requests.length = 0;
    const again = await as(bia, () => join.joinClub({ plan: 'mensal', locale: 'pt-BR' }));
    expect(again).toEqual(first);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a signed-out visitor, an unknown plan and extra fields', async () => {
    expect(await as(null, () => join.joinClub({ plan: 'mensal', locale: 'pt-BR' }))).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    const caio = shopper('caio');
    for (const input of [
      { plan: 'anual', locale: 'pt-BR' },
      { plan: 'mensal', locale: 'pt-BR', price: 1 },
      'mensal',
    ]) {
      expect(await as(caio, () => join.joinClub(input))).toEqual({ ok: false, error: 'invalid' });
    }
  });

  it('answers 503, storing nothing, when Mercado Pago fails', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    const dani = shopper('dani');
    fake.failPreapprovals(true);
    try {
      expect(await as(dani, () => join.joinClub({ plan: 'mensal', locale: 'pt-BR' }))).toEqual({
        ok: false,
        error: 'temporarily-unavailable',
      });
      expect(await membership('uid-dani')).toBeUndefined();
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
  });
});

describe('the subscription webhook', () => {
  it('moves the membership through active, paused and cancelled, with isMember', async () => {
    const eva = shopper('eva');
    const id = await joined(eva);

    fake.setPreapprovalStatus(id, 'authorized');
    expect(await notify(id)).toEqual({ status: 200, body: { ok: true, result: 'updated' } });
    expect(await membership(eva.uid)).toMatchObject({ state: 'active', initPoint: null });
    expect((await membership(eva.uid))?.nextChargeAt).toBeGreaterThan(Date.now());
    expect(await isMember(eva.uid)).toBe(true);
    // The state came from Mercado Pago, not from the notification.
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/preapproval/${id}` });

    // Active already: joining again is refused.
    expect(await as(eva, () => join.joinClub({ plan: 'trimestral', locale: 'pt-BR' }))).toEqual({
      ok: false,
      error: 'already-member',
    });

    fake.setPreapprovalStatus(id, 'paused');
    expect((await notify(id)).body.result).toBe('updated');
    expect(await membership(eva.uid)).toMatchObject({ state: 'paused', nextChargeAt: null });
    expect(await isMember(eva.uid)).toBe(false);

    fake.setPreapprovalStatus(id, 'authorized');
    expect((await notify(id)).body.result).toBe('updated');
    expect(await isMember(eva.uid)).toBe(true);

    fake.setPreapprovalStatus(id, 'cancelled');
    expect((await notify(id)).body.result).toBe('updated');
    expect(await membership(eva.uid)).toMatchObject({ state: 'cancelled' });
    expect(await isMember(eva.uid)).toBe(false);

    // Cancelled is final, whatever a later report says.
    fake.setPreapprovalStatus(id, 'authorized');
    expect((await notify(id)).body.result).toBe('refused');
    expect(await isMember(eva.uid)).toBe(false);
  });

  it('changes nothing on a bad signature', async () => {
    const fia = shopper('fia');
    const id = await joined(fia);
    fake.setPreapprovalStatus(id, 'authorized');
    fake.requests.length = 0;
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await notify(id, { secret: 'not-the-secret' })).toEqual({
        status: 401,
        body: { ok: false, error: 'invalid-signature' },
      });
    } finally {
      quiet.mockRestore();
    }
    expect(fake.requests).toHaveLength(0);
    expect(await membership(fia.uid)).toMatchObject({ state: 'pending' });
    expect(await isMember(fia.uid)).toBeUndefined();
  });

  it('answers a replay as a duplicate without applying it again, on any instance', async () => {
    const gil = shopper('gil');
    const id = await joined(gil);
    fake.setPreapprovalStatus(id, 'authorized');
    expect((await notify(id, { requestId: 'club-replayed' })).body.result).toBe('updated');

    // Meanwhile the subscription was paused; a replay of the old delivery must not apply it.
    fake.setPreapprovalStatus(id, 'paused');
    fake.requests.length = 0;
    expect(await notify(id, { requestId: 'club-replayed' })).toEqual({
      status: 200,
      body: { ok: true, result: 'duplicate' },
    });
    // Another instance: its memory is empty, the claim in Firestore answers.
    webhook.resetWebhookState();
    expect((await notify(id, { requestId: 'club-replayed' })).body.result).toBe('duplicate');
    expect(fake.requests).toHaveLength(0);
    expect(await membership(gil.uid)).toMatchObject({ state: 'active' });
    expect(await isMember(gil.uid)).toBe(true);
  });

  it('cancels the subscription of a plan left for another, and the webhook cancels it if it was authorised', async () => {
    const hugo = shopper('hugo');
    const first = await joined(hugo, 'mensal');
    // A second join of another plan replaces the pending membership with a new subscription,
    // and the first is cancelled at Mercado Pago: its link can no longer start a charge.
    const second = await joined(hugo, 'trimestral');
    expect(second).not.toBe(first);
    expect(fake.preapproval(first)?.status).toBe('cancelled');
    expect(fake.preapproval(second)?.status).toBe('pending');

    // When that cancel failed (Mercado Pago down for it), the join still succeeds...
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    fake.failPreapprovals('updates');
    let third: string;
    try {
      third = await joined(hugo, 'mensal');
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
    expect(third).not.toBe(first);
    expect(fake.preapproval(third)?.status).toBe('pending');
    expect(fake.preapproval(second)?.status).toBe('pending');
    // ...and if the shopper then authorises the old link, the webhook cancels that subscription
    // instead of leaving it to charge every month for no membership.
    fake.setPreapprovalStatus(second, 'authorized');
    expect((await notify(second)).body.result).toBe('other-preapproval-cancelled');
    expect(fake.preapproval(second)?.status).toBe('cancelled');
    expect(await membership(hugo.uid)).toMatchObject({ state: 'pending', preapprovalId: third });
    expect(await isMember(hugo.uid)).toBeUndefined();
    // A notification about the cancelled one changes nothing more.
    expect((await notify(second)).body.result).toBe('other-preapproval');
    expect((await notify('nosuchpreapproval')).body.result).toBe('unknown-preapproval');
  });

  it('applies a pending subscription authorised just before another join, instead of replacing it', async () => {
    const lara = shopper('lara');
    const first = await joined(lara, 'mensal');
    // Authorised at Mercado Pago; its notification has not arrived yet.
    fake.setPreapprovalStatus(first, 'authorized');
    fake.requests.length = 0;
    expect(await as(lara, () => join.joinClub({ plan: 'trimestral', locale: 'pt-BR' }))).toEqual({
      ok: false,
      error: 'already-member',
    });
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(fake.preapproval(first)?.status).toBe('authorized');
    expect(await membership(lara.uid)).toMatchObject({ state: 'active', preapprovalId: first });
    expect(await isMember(lara.uid)).toBe(true);
  });

  it('answers 503 when Mercado Pago cannot be asked, and applies the retry', async () => {
    const ivo = shopper('ivo');
    const id = await joined(ivo);
    fake.setPreapprovalStatus(id, 'authorized');
    fake.failPreapprovals(true);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await notify(id, { requestId: 'club-retried' })).status).toBe(503);
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
    expect((await notify(id, { requestId: 'club-retried' })).body.result).toBe('updated');
    expect(await isMember(ivo.uid)).toBe(true);
  });
});

describe('the subscription calls', () => {
  it('pauses and cancels through PUT /preapproval/{id}', async () => {
    const { setPreapprovalStatus } = await import('./mercadopago');
    const joca = shopper('joca');
    const id = await joined(joca);
    fake.requests.length = 0;
    expect(await setPreapprovalStatus(id, 'paused')).toMatchObject({ id, status: 'paused' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/preapproval/${id}`,
      body: { status: 'paused' },
    });
    expect(fake.preapproval(id)?.status).toBe('paused');
  });
});

/** Joins the monthly plan as a new shopper `name` and has Mercado Pago authorise it. */
async function activeMember(name: string): Promise<{ user: PublicUser; id: string }> {
  const user = shopper(name);
  await db.doc(`${ROOT}/users/${user.uid}`).set({ name: `Member ${name}`, email: user.email });
  const id = await joined(user);
  fake.setPreapprovalStatus(id, 'authorized');
  expect((await notify(id)).body.result).toBe('updated');
  return { user: { ...user, isMember: true }, id };
}

/** The kinds of the outbox's club e-mails about `uid`, once `count` are there (sent after). */
async function clubMails(uid: string, count: number): Promise<string[]> {
  const directory = path.join(stack.dataDir, 'outbox');
  const read = () =>
    fs.existsSync(directory)
      ? fs
          .readdirSync(directory)
          .filter((file) => file.endsWith('.eml') && file.includes(`-${uid}-`))
          .sort()
          .map((file) => /-(club-[a-z-]+)-uid-/.exec(file)?.[1] ?? file)
      : [];
  for (let waited = 0; read().length < count && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

describe("a member's own changes (lib/club/manage.ts)", () => {
  it('pauses and resumes at Mercado Pago; the state follows at once, the webhook then changes nothing', async () => {
    const { user, id } = await activeMember('lia');
    fake.requests.length = 0;
    expect(await as(user, () => manage.changeMembership({ action: 'pause' }))).toEqual({
      ok: true,
      state: 'paused',
    });
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ path: `/preapproval/${id}`, body: { status: 'paused' } }),
    ]);
    expect(fake.preapproval(id)?.status).toBe('paused');
    expect(await membership(user.uid)).toMatchObject({ state: 'paused', nextChargeAt: null });
    expect(await isMember(user.uid)).toBe(false);
    // Mercado Pago's notification of the same change: confirmed, nothing applied twice.
    expect((await notify(id)).body.result).toBe('unchanged');
    expect(await as(user, () => manage.changeMembership({ action: 'pause' }))).toEqual({
      ok: false,
      error: 'not-allowed',
    });
    expect(await as(user, () => manage.changeMembership({ action: 'resume' }))).toEqual({
      ok: true,
      state: 'active',
    });
    expect(await isMember(user.uid)).toBe(true);
    expect(fake.preapproval(id)?.status).toBe('authorized');
    // Joining (member and shop) and the pause, each once; a resume sends none. Each goes after
    // its response, so they may land in any order.
    expect((await clubMails(user.uid, 3)).sort()).toEqual([
      'club-joined',
      'club-new-member',
      'club-paused',
    ]);
  });

  it('cancels: final, isMember false, nothing left to change', async () => {
    const { user, id } = await activeMember('ney');
    expect(await as(user, () => manage.changeMembership({ action: 'cancel' }))).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(fake.preapproval(id)?.status).toBe('cancelled');
    expect(await membership(user.uid)).toMatchObject({ state: 'cancelled' });
    expect(await isMember(user.uid)).toBe(false);
    expect((await notify(id)).body.result).toBe('unchanged');
    expect(await as(user, () => manage.changeMembership({ action: 'resume' }))).toEqual({
      ok: false,
      error: 'not-member',
    });
    expect((await clubMails(user.uid, 3)).sort()).toEqual([
      'club-cancelled',
      'club-joined',
      'club-new-member',
    ]);
  });

  it('refuses a visitor, a shopper who never joined, and unknown or extra fields', async () => {
    expect(await as(null, () => manage.changeMembership({ action: 'pause' }))).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await as(shopper('oto'), () => manage.changeMembership({ action: 'pause' }))).toEqual({
      ok: false,
      error: 'not-member',
    });
    const { user } = await activeMember('pia');
    for (const input of [{ action: 'stop' }, { action: 'pause', state: 'active' }, 'pause', null]) {
      expect(await as(user, () => manage.changeMembership(input))).toEqual({
        ok: false,
        error: 'invalid',
      });
    }
    expect(await membership(user.uid)).toMatchObject({ state: 'active' });
  });

  it('answers temporarily-unavailable and changes nothing when Mercado Pago fails', async () => {
    const { user } = await activeMember('rui');
    fake.failPreapprovals(true);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await as(user, () => manage.changeMembership({ action: 'cancel' }))).toEqual({
        ok: false,
        error: 'temporarily-unavailable',
      });
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
    expect(await membership(user.uid)).toMatchObject({ state: 'active' });
    expect(await isMember(user.uid)).toBe(true);
  });
});

describe('the routes POST /api/club/membership and /api/club/join', () => {
  const ORIGIN = 'http://localhost:3000';
  function post(
    url: string,
    body: string,
    headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' },
  ) {
    return new Request(`${ORIGIN}${url}`, { method: 'POST', headers, body });
  }

  it('answer 403, 415, 413, 400 and 401 before any change', async () => {
    const { user, id } = await activeMember('sol');
    fake.requests.length = 0;
    const routes = [
      ['/api/club/membership', membershipRoute.POST, JSON.stringify({ action: 'cancel' })],
      ['/api/club/join', joinRoute.POST, JSON.stringify({ plan: 'mensal', locale: 'pt-BR' })],
    ] as const;
    for (const [url, handler, valid] of routes) {
      const statuses = await as(user, async () => [
        (
          await handler(
            post(url, valid, { origin: 'http://evil.test', 'content-type': 'application/json' }),
          )
        ).status,
        (await handler(post(url, valid, { origin: ORIGIN, 'content-type': 'text/plain' }))).status,
        (await handler(post(url, 'x'.repeat(4096)))).status,
        (await handler(post(url, '{"action":'))).status,
        (await handler(post(url, JSON.stringify({ plan: 'anual', action: 'stop' })))).status,
      ]);
      expect([url, statuses]).toEqual([url, [403, 415, 413, 400, 400]]);
      expect((await as(null, () => handler(post(url, valid)))).status).toBe(401);
    }
    expect(fake.requests).toHaveLength(0);
    expect(await membership(user.uid)).toMatchObject({ state: 'active', preapprovalId: id });
  });

  it('pauses through the route; Mercado Pago down is a 503 with Retry-After', async () => {
    const { user } = await activeMember('tom');
    const pause = () => post('/api/club/membership', JSON.stringify({ action: 'pause' }));
    fake.failPreapprovals(true);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const down = await as(user, () => membershipRoute.POST(pause()));
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
    } finally {
      fake.failPreapprovals(false);
      quiet.mockRestore();
    }
    const paused = await as(user, () => membershipRoute.POST(pause()));
    expect([paused.status, await paused.json()]).toEqual([200, { ok: true, state: 'paused' }]);
  });
});

describe("a member's perks at checkout (lib/orders/place-order.ts)", () => {
  const EGG = 'ovo-pistache';
  const BAR = 'barra-tropical-minas';
  let sequence = 0;
  const orderInput = (fields: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      orderId: `CLUBORDER${String(sequence).padStart(4, '0')}`,
      lines: [
        { key: EGG, quantity: 2 },
        { key: BAR, quantity: 1 },
      ],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale: 'pt-BR',
      ...fields,
    };
  };
  const stored = async (orderId: string) =>
    (await db.doc(`${ROOT}/orders/${orderId}`).get()).data();

  beforeEach(async () => {
    await db.doc(`${ROOT}/inventory/${EGG}`).set({ stock: 50 }, { merge: true });
    await db.doc(`${ROOT}/inventory/${BAR}`).set({ stock: 50 }, { merge: true });
  });

  it("takes the plan's percent off an active member's Easter eggs, in the order and at Mercado Pago", async () => {
    const { getSeedProduct: getProduct } = await import('@/lib/catalogue/seed');
    const egg = getProduct(EGG)!.price;
    const bar = getProduct(BAR)!.price;
    const off = Math.round(egg * 0.1);
    expect(off).toBeGreaterThan(0);
    const { user } = await activeMember('uma');
    const input = orderInput();
    fake.requests.length = 0;
    expect(await as(user, () => orders.placeOrder(input))).toMatchObject({ ok: true });
    expect(await stored(input.orderId)).toMatchObject({
      orderItems: [
        { key: EGG, quantity: 2, value: egg - off },
        { key: BAR, quantity: 1, value: bar },
      ],
      total: 2 * (egg - off) + bar,
      memberDiscount: { percent: 10, amount: 2 * off },
    });
    const preference = fake.requests.find((r) => r.path === '/checkout/preferences');
    // Centavos here, reais at Mercado Pago.
    expect((preference?.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ id: EGG, quantity: 2, unit_price: (egg - off) / 100 }),
      expect.objectContaining({ id: BAR, quantity: 1, unit_price: bar / 100 }),
    ]);
  });

  it('refuses a forged discount or price, and charges a paused member or a shopper the catalogue price', async () => {
    const { getSeedProduct: getProduct } = await import('@/lib/catalogue/seed');
    const egg = getProduct(EGG)!.price;
    const { user } = await activeMember('vera');
    for (const forged of [
      orderInput({ memberDiscount: { percent: 90, amount: 500 } }),
      orderInput({ total: 1 }),
      orderInput({ lines: [{ key: EGG, quantity: 1, price: 1 }] }),
    ]) {
      expect(await as(user, () => orders.placeOrder(forged))).toMatchObject({
        ok: false,
        error: 'invalid',
      });
      expect(await stored(forged.orderId)).toBeUndefined();
    }
    // isMember as the session said, but the membership is paused: no perk.
    expect(await as(user, () => manage.changeMembership({ action: 'pause' }))).toMatchObject({
      ok: true,
    });
    const paused = orderInput({ lines: [{ key: EGG, quantity: 1 }] });
    expect(await as(user, () => orders.placeOrder(paused))).toMatchObject({ ok: true });
    expect(await stored(paused.orderId)).toMatchObject({
      orderItems: [{ key: EGG, value: egg }],
      total: egg,
      memberDiscount: null,
    });
    const plain = orderInput({ lines: [{ key: EGG, quantity: 1 }] });
    expect(await as(shopper('walt'), () => orders.placeOrder(plain))).toMatchObject({ ok: true });
    expect(await stored(plain.orderId)).toMatchObject({ total: egg, memberDiscount: null });
  });
});

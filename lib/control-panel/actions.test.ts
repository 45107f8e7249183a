// Integration tests of the control panel against a private local Firebase: who may open its pages
// and call its actions (real session cookies from the Auth emulator, next/headers cookies() as a
// cookie jar), the transition table applied on the server, returning stock on cancel, and the
// inventory the storefront and the checkout read.
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';

import { cookieJar, nextSecond, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';
import { untilStockSeen } from '@/test/stock-view';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);
// Invalidations made after the answer (lib/control-panel/revalidate.ts): their callback is run by hand.
jest.mock('next/server', () => ({
  ...jest.requireActual<typeof import('next/server')>('next/server'),
  after: jest.fn(),
}));
// Pages are called as functions here; their translations are not what is under test.
jest.mock('next-intl/server', () => ({
  setRequestLocale: jest.fn(),
  getTranslations: jest.fn(async () => (key: string) => key),
  // The pages hand their client parts the namespaces they need.
  getMessages: jest.fn(async () => ({
    OrderStatus: {},
    ControlPanel: { orders: {}, statusEditor: {}, stock: {} },
  })),
}));

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';
const FORBIDDEN = 'NEXT_HTTP_ERROR_FALLBACK;403';

type Actions = typeof import('./actions');
type Session = typeof import('@/lib/session/session');

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let auth: Auth;
let actions: Actions;
let session: Session;
let revalidatePath: jest.Mock;
let revalidateTag: jest.Mock;
let after: jest.Mock;

/** Session cookie values, by who holds them (null: no cookie at all). */
const cookies: Record<string, string | null> = {};

async function sessionCookieFor(email: string, password: string): Promise<string> {
  cookieJar.reset();
  const { idToken } = await signInWithPassword(stack.authHost, email, password);
  await session.createSession(idToken);
  const value = cookieJar.cookies.get(session.SESSION_COOKIE)?.value;
  if (!value) throw new Error(`no session cookie for ${email}`);
  cookieJar.reset();
  return value;
}

/** Makes the next calls come from a browser holding `cookie` (or none). */
function as(who: string) {
  cookieJar.reset();
  const value = cookies[who];
  if (value) {
    cookieJar.cookies.set(session.SESSION_COOKIE, { value, options: {} });
  }
}

async function createAccount(uid: string, email: string, record: Record<string, unknown>) {
  await auth.createUser({ uid, email, password: 'segredo-123', displayName: uid });
  await db.doc(`${ROOT}/users/${uid}`).set({
    authUID: uid,
    email,
    name: uid,
    address: { city: '', street: '', number: '', extra: '', postalCode: '' },
    ...record,
  });
}

const NO_STATUS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

let orderSequence = 0;
/** A stored order (as the checkout writes it) with its status flags. */
async function createOrder(
  overrides: Record<string, unknown> = {},
  status: Partial<typeof NO_STATUS> = {},
): Promise<string> {
  orderSequence += 1;
  const orderId = `PANEL${String(orderSequence).padStart(6, '0')}`;
  await db.doc(`${ROOT}/orders/${orderId}`).set({
    orderID: orderId,
    orderDate: Timestamp.fromDate(new Date(Date.UTC(2026, 4, 1, 12, orderSequence))),
    clientRef: 'seed-shopper',
    orderItems: [
      { key: 'barra-tropical-rio', translatedTitle: 'Barra Tropical Rio', quantity: 2, value: 40 },
    ],
    status: { ...NO_STATUS, ...status },
    shippingOption: 'Retirada',
    total: 80,
    locale: 'pt-BR',
    address: null,
    telephone: '11912345678',
    customer: { name: 'Cliente Exemplo', email: 'cliente@chocolates.local' },
    stockReturned: false,
    audit: [],
    ...overrides,
  });
  return orderId;
}

async function orderData(orderId: string) {
  return (await db.doc(`${ROOT}/orders/${orderId}`).get()).data();
}

async function stockOf(key: string): Promise<unknown> {
  return (await db.doc(`${ROOT}/inventory/${key}`).get()).get('stock');
}

async function inventoryDoc(key: string) {
  return (await db.doc(`${ROOT}/inventory/${key}`).get()).data();
}

function statusInput(orderId: string, to: string, extra: Record<string, unknown> = {}) {
  return { locale: 'pt-BR', orderId, to, ...extra };
}

/** One row of the stock page as the browser sends it. */
function stockLine(key: string, extra: Record<string, unknown> = {}) {
  return {
    key,
    stock: 7,
    expectedStock: 10,
    availableForSale: true,
    showInStore: true,
    isPromoted: false,
    ...extra,
  };
}

/** A stock page save of one changed row. */
function inventoryInput(key: string, extra: Record<string, unknown> = {}) {
  return { locale: 'pt-BR', lines: [stockLine(key, extra)] };
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  // forbidden() needs the flag next.config.ts sets (experimental.authInterrupts) for the build.
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
  ({ stack, clients, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  auth = clients.auth;
  session = await import('@/lib/session/session');
  actions = await import('./actions');
  revalidatePath = (await import('next/cache')).revalidatePath as jest.Mock;
  revalidateTag = (await import('next/cache')).revalidateTag as jest.Mock;
  after = (await import('next/server')).after as jest.Mock;

  await createAccount('shopper-b', 'shopper-b@example.com', { isAdmin: false });
  await createAccount('admin-two', 'admin-two@example.com', { isAdmin: true });
  await createAccount('admin-revoked', 'admin-revoked@example.com', { isAdmin: true });

  cookies.visitor = null;
  cookies.shopperA = await sessionCookieFor('cliente@chocolates.local', 'cliente-chocolate-123');
  cookies.shopperB = await sessionCookieFor('shopper-b@example.com', 'segredo-123');
  cookies.admin = await sessionCookieFor('admin@chocolates.local', 'admin-chocolate-123');
  cookies.adminTwo = await sessionCookieFor('admin-two@example.com', 'segredo-123');
  // Forged or dead sessions: garbage, an ID token where a session cookie belongs, a revoked one.
  cookies.garbage = 'not-a-session-cookie';
  cookies.idToken = (
    await signInWithPassword(stack.authHost, 'admin@chocolates.local', 'admin-chocolate-123')
  ).idToken;
  cookies.revoked = await sessionCookieFor('admin-revoked@example.com', 'segredo-123');
  await nextSecond();
  await auth.revokeRefreshTokens('admin-revoked');
}, 120_000);

/** Runs what the actions left for after their answer (storefront invalidations, e-mails). */
async function runAfterAnswer() {
  const callbacks = after.mock.calls.map(([callback]) => callback as () => Promise<void>);
  after.mockClear();
  for (const callback of callbacks) await callback();
}

beforeEach(() => {
  cookieJar.reset();
  revalidatePath.mockClear();
  revalidateTag.mockClear();
  after.mockClear();
});

const NON_ADMINS = ['visitor', 'shopperA', 'shopperB', 'garbage', 'idToken', 'revoked'];

describe('who may call the admin actions', () => {
  it.each(NON_ADMINS)('%s: changeOrderStatus answers 403 and changes nothing', async (who) => {
    const orderId = await createOrder();
    const before = await orderData(orderId);
    as(who);
    await expect(
      actions.changeOrderStatus(null, statusInput(orderId, 'confirmed')),
    ).rejects.toMatchObject({ digest: FORBIDDEN });
    // Also with a form, and with input that would be invalid anyway.
    const form = new FormData();
    for (const [name, value] of Object.entries(statusInput(orderId, 'cancelled'))) {
      form.set(name, value);
    }
    await expect(actions.changeOrderStatus(null, form)).rejects.toMatchObject({
      digest: FORBIDDEN,
    });
    await expect(actions.changeOrderStatus(null, 'garbage')).rejects.toMatchObject({
      digest: FORBIDDEN,
    });
    expect(await orderData(orderId)).toEqual(before);
    expect(revalidatePath).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it.each(NON_ADMINS)('%s: updateInventory answers 403 and changes nothing', async (who) => {
    const before = await inventoryDoc('barra-tropical-minas');
    as(who);
    await expect(
      actions.updateInventory(
        null,
        inventoryInput('barra-tropical-minas', { stock: 0, showInStore: false }),
      ),
    ).rejects.toMatchObject({ digest: FORBIDDEN });
    expect(await inventoryDoc('barra-tropical-minas')).toEqual(before);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('admin: both actions work', async () => {
    const orderId = await createOrder();
    as('admin');
    const result = await actions.changeOrderStatus(null, statusInput(orderId, 'confirmed'));
    expect(result).toMatchObject({ ok: true, code: 'changed' });
    const saved = await actions.updateInventory(
      null,
      inventoryInput('barra-tropical-minas', { stock: 10, expectedStock: 10 }),
    );
    expect(saved).toMatchObject({ ok: true, code: 'saved' });
  });

  it('a demoted admin loses access on the next request (false, then the string "true")', async () => {
    const orderId = await createOrder();
    as('adminTwo');
    expect(
      await actions.changeOrderStatus(
        null,
        statusInput(orderId, 'confirmed', { from: 'awaitingApproval' }),
      ),
    ).toMatchObject({ ok: true });

    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: false });
    as('adminTwo');
    await expect(
      actions.changeOrderStatus(null, statusInput(orderId, 'inProduction')),
    ).rejects.toMatchObject({ digest: FORBIDDEN });

    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: 'true' });
    as('adminTwo');
    await expect(
      actions.updateInventory(null, inventoryInput('barra-tropical-minas', { stock: 10 })),
    ).rejects.toMatchObject({ digest: FORBIDDEN });
    expect(orderStatus(await orderData(orderId))).toEqual({ ...NO_STATUS, confirmed: true });

    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: true });
    as('adminTwo');
    expect(
      await actions.changeOrderStatus(null, statusInput(orderId, 'inProduction')),
    ).toMatchObject({ ok: true });
  });
});

function orderStatus(data: Record<string, unknown> | undefined) {
  return data?.status;
}

describe('who may open the control panel pages', () => {
  type PageModule = { default: (props: never) => Promise<unknown> };
  let pages: { name: string; render: (locale: 'pt-BR' | 'en') => Promise<unknown> }[];

  beforeAll(async () => {
    const layout = (await import('@/app/[locale]/control-panel/layout')) as unknown as PageModule;
    const home = (await import('@/app/[locale]/control-panel/page')) as unknown as PageModule;
    const orders =
      (await import('@/app/[locale]/control-panel/orders/page')) as unknown as PageModule;
    const stock =
      (await import('@/app/[locale]/control-panel/stock/page')) as unknown as PageModule;
    const params = (locale: string) => Promise.resolve({ locale });
    pages = [
      {
        name: 'layout',
        render: (locale) => layout.default({ children: null, params: params(locale) } as never),
      },
      {
        name: 'home (overview)',
        render: (locale) =>
          home.default({ params: params(locale), searchParams: Promise.resolve({}) } as never),
      },
      {
        name: 'orders page',
        render: (locale) =>
          orders.default({ params: params(locale), searchParams: Promise.resolve({}) } as never),
      },
      {
        name: 'stock page',
        render: (locale) => stock.default({ params: params(locale) } as never),
      },
    ];
  });

  it.each(['visitor', 'garbage', 'idToken', 'revoked'])(
    '%s is sent to sign in (the landing page with the user tab open)',
    async (who) => {
      for (const locale of ['pt-BR', 'en'] as const) {
        for (const page of pages) {
          as(who);
          await expect(page.render(locale)).rejects.toMatchObject({
            digest: expect.stringContaining(`;/${locale}?login=1;`),
          });
        }
      }
    },
  );

  it.each(['shopperA', 'shopperB'])('%s gets the 403 page', async (who) => {
    for (const locale of ['pt-BR', 'en'] as const) {
      for (const page of pages) {
        as(who);
        await expect(page.render(locale)).rejects.toMatchObject({ digest: FORBIDDEN });
      }
    }
  });

  it('the admin gets every page', async () => {
    for (const locale of ['pt-BR', 'en'] as const) {
      for (const page of pages) {
        as('admin');
        await expect(page.render(locale)).resolves.toBeTruthy();
      }
    }
  });

  describe('an admin whose sign-in is older than 12 hours', () => {
    const HOUR_MS = 60 * 60 * 1000;

    function hoursLater<T>(hours: number, run: () => Promise<T>): Promise<T> {
      const realNow = Date.now();
      const spy = jest.spyOn(Date, 'now').mockReturnValue(realNow + hours * HOUR_MS);
      return run().finally(() => spy.mockRestore());
    }

    it('is asked to sign in again by every panel page, and refused by every action', async () => {
      const orderId = await createOrder();
      const before = await orderData(orderId);
      await hoursLater(13, async () => {
        for (const locale of ['pt-BR', 'en'] as const) {
          for (const page of pages) {
            as('admin');
            await expect(page.render(locale)).rejects.toMatchObject({
              digest: expect.stringContaining(`;/${locale}/usuario?reauth=1;`),
            });
          }
        }
        as('admin');
        await expect(
          actions.changeOrderStatus(null, statusInput(orderId, 'confirmed')),
        ).rejects.toMatchObject({ digest: FORBIDDEN });
      });
      expect(await orderData(orderId)).toEqual(before);
    });

    it('is still let in 11 hours after signing in', async () => {
      await hoursLater(11, async () => {
        as('admin');
        await expect(pages[0]!.render('pt-BR')).resolves.toBeTruthy();
      });
    });
  });

  it('a demoted admin gets the 403 page on the next request', async () => {
    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: true });
    as('adminTwo');
    await expect(pages[0]!.render('pt-BR')).resolves.toBeTruthy();
    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: 'true' });
    for (const page of pages) {
      as('adminTwo');
      await expect(page.render('pt-BR')).rejects.toMatchObject({ digest: FORBIDDEN });
    }
    await db.doc(`${ROOT}/users/admin-two`).update({ isAdmin: true });
  });
});

describe('changing an order status', () => {
  beforeEach(() => as('admin'));

  it('walks a pick-up order to delivered, one flag at a time, with an audit entry per change', async () => {
    const orderId = await createOrder();
    const steps = ['confirmed', 'inProduction', 'waitingForRetrieval', 'delivered'] as const;
    let from = 'awaitingApproval';
    let lastAnswer: Awaited<ReturnType<Actions['changeOrderStatus']>> | null = null;
    for (const to of steps) {
      as('admin');
      const result = await actions.changeOrderStatus(null, statusInput(orderId, to, { from }));
      expect(result.ok).toBe(true);
      // The card moves from the answer: the new status and the change just recorded.
      expect(result.order).toEqual({
        status: to,
        lastChange: { at: expect.any(String), byEmail: 'admin@chocolates.local', from, to },
      });
      expect((await orderData(orderId))?.status).toEqual({ ...NO_STATUS, [to]: true });
      from = to;
      lastAnswer = result;
    }
    const audit = (await orderData(orderId))?.audit as Record<string, unknown>[];
    expect(audit.map(({ from: f, to }) => [f, to])).toEqual([
      ['awaitingApproval', 'confirmed'],
      ['confirmed', 'inProduction'],
      ['inProduction', 'waitingForRetrieval'],
      ['waitingForRetrieval', 'delivered'],
    ]);
    // The order page's history: each move at its audit entry's time (this order was stored
    // without one, as orders placed before it existed).
    const history = (await orderData(orderId))?.statusHistory as Record<string, unknown>[];
    expect(history.map(({ status }) => status)).toEqual(steps);
    expect(history.map(({ at }) => at)).toEqual(audit.map(({ at }) => at));
    for (const entry of audit) {
      expect(entry.by).toEqual({ uid: 'seed-admin', email: 'admin@chocolates.local' });
      expect(entry.at).toBeInstanceOf(Timestamp);
    }
    // The answer's time is the audit entry's.
    expect(lastAnswer?.order?.lastChange?.at).toBe(
      (audit[audit.length - 1]!.at as Timestamp).toDate().toISOString(),
    );
    // No page is invalidated: every page showing a status is rendered per request, and the
    // answer moves the admin's card (so Next need not render the panel again with it).
    expect(revalidatePath).not.toHaveBeenCalled();
    await runAfterAnswer();
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('answers in the form language', async () => {
    const orderId = await createOrder();
    expect(
      await actions.changeOrderStatus(null, { locale: 'en', orderId, to: 'waitingPayment' }),
    ).toMatchObject({
      ok: true,
      code: 'changed',
      message: `Order ${orderId}: status changed from “Awaiting approval” to “Awaiting payment”.`,
    });
    as('admin');
    expect(await actions.changeOrderStatus(null, statusInput(orderId, 'confirmed'))).toMatchObject({
      ok: true,
      code: 'changed',
      message: `Pedido ${orderId}: situação alterada de “Aguardando Pagamento” para “Confirmado”.`,
    });
  });

  it.each([
    ['skipping ahead', {}, 'delivered', 'not-allowed'],
    ['going back', { confirmed: true }, 'awaitingApproval', 'not-allowed'],
    ['the same status', { confirmed: true }, 'confirmed', 'same'],
    ['leaving a final status', { delivered: true }, 'cancelled', 'final'],
    ['un-cancelling', { cancelled: true }, 'confirmed', 'final'],
    [
      'waiting for delivery on a pick-up order',
      { inProduction: true },
      'waitingForDelivery',
      'wrong-shipping',
    ],
    [
      'moving a pick-up order back to production',
      { waitingForRetrieval: true },
      'inProduction',
      'not-allowed',
    ],
  ] as const)('refuses %s, with a message, changing nothing', async (_name, status, to, code) => {
    const orderId = await createOrder({}, status);
    const stockBefore = await stockOf('barra-tropical-rio');
    const before = await orderData(orderId);
    const result = await actions.changeOrderStatus(null, statusInput(orderId, to));
    expect(result).toMatchObject({ ok: false, code });
    expect(result.message).toContain(orderId);
    expect(await orderData(orderId)).toEqual(before);
    expect(await stockOf('barra-tropical-rio')).toBe(stockBefore);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('names both statuses when refusing a transition', async () => {
    const orderId = await createOrder({}, { confirmed: true });
    expect(await actions.changeOrderStatus(null, statusInput(orderId, 'delivered'))).toEqual({
      ok: false,
      code: 'not-allowed',
      message: `Não é possível passar o pedido ${orderId} de “Confirmado” para “Entregue”.`,
    });
  });

  it('refuses a change made from a status the order has left (another admin moved it)', async () => {
    const orderId = await createOrder({}, { confirmed: true });
    const before = await orderData(orderId);
    const result = await actions.changeOrderStatus(
      null,
      statusInput(orderId, 'cancelled', { from: 'awaitingApproval' }),
    );
    expect(result).toMatchObject({ ok: false, code: 'stale' });
    expect(await orderData(orderId)).toEqual(before);
    // The card then shows where the order is now.
    expect(result.order).toEqual({ status: 'confirmed' });
  });

  it.each([
    ['an unknown status', { to: 'shipped' }],
    ['a label instead of a key', { to: 'Confirmado' }],
    ['a bad order id', { orderId: '../users/seed-admin' }],
    ['an unknown field', { extra: 'x' }],
    ['an unknown locale', { locale: 'fr' }],
  ])('refuses %s as invalid', async (_name, override) => {
    const orderId = await createOrder();
    const before = await orderData(orderId);
    const result = await actions.changeOrderStatus(null, {
      ...statusInput(orderId, 'confirmed'),
      ...override,
    });
    expect(result).toMatchObject({ ok: false, code: 'invalid' });
    expect(await orderData(orderId)).toEqual(before);
  });

  it('reports an unknown order', async () => {
    expect(
      await actions.changeOrderStatus(null, statusInput('NO-SUCH-ORDER', 'confirmed')),
    ).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('takes a FormData as forms send it', async () => {
    const orderId = await createOrder();
    const form = new FormData();
    form.set('locale', 'pt-BR');
    form.set('orderId', orderId);
    form.set('from', 'awaitingApproval');
    form.set('to', 'confirmed');
    expect(await actions.changeOrderStatus(null, form)).toMatchObject({ ok: true });
    form.append('to', 'cancelled');
    expect(await actions.changeOrderStatus(null, form)).toMatchObject({ code: 'invalid' });
  });
});

describe('cancelling returns the items to stock', () => {
  beforeEach(() => as('admin'));

  it.each(['awaitingApproval', 'waitingPayment', 'confirmed', 'waitingForRetrieval'] as const)(
    'from %s: the units go back once, in the same transaction as the status',
    async (status) => {
      const orderId = await createOrder(
        {
          orderItems: [
            {
              key: 'barra-tropical-rio',
              translatedTitle: 'Barra Tropical Rio',
              quantity: 2,
              value: 40,
            },
            { key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 3, value: 35 },
          ],
        },
        status === 'awaitingApproval' ? {} : { [status]: true },
      );
      const bars = (await stockOf('barra-tropical-rio')) as number;
      const eggs = (await stockOf('mini-ovo')) as number;

      const result = await actions.changeOrderStatus(null, statusInput(orderId, 'cancelled'));
      expect(result).toMatchObject({ ok: true, code: 'cancelledRestocked' });
      expect(await stockOf('barra-tropical-rio')).toBe(bars + 2);
      expect(await stockOf('mini-ovo')).toBe(eggs + 3);
      const stored = await orderData(orderId);
      expect(stored?.status).toEqual({ ...NO_STATUS, cancelled: true });
      expect(stored?.stockReturned).toBe(true);
      // Units back on the shelf: the storefront pages of exactly those products regenerate,
      // right after the answer and once more a second later.
      expect(revalidatePath).not.toHaveBeenCalled();
      await runAfterAnswer();
      expect(revalidatePath).toHaveBeenCalledTimes(12);
      expect([...new Set(revalidatePath.mock.calls.map(([path]) => path))].sort()).toEqual(
        [
          '/en',
          '/en/chocolates/barra-tropical-rio',
          '/en/chocolates/mini-ovo',
          '/pt-BR',
          '/pt-BR/chocolates/barra-tropical-rio',
          '/pt-BR/chocolates/mini-ovo',
        ].sort(),
      );
      revalidatePath.mockClear();

      // A second cancel (a double click, another admin) changes nothing: nothing goes back twice.
      as('admin');
      expect(
        await actions.changeOrderStatus(null, statusInput(orderId, 'cancelled')),
      ).toMatchObject({ ok: false, code: 'same' });
      as('admin');
      expect(
        await actions.changeOrderStatus(null, statusInput(orderId, 'confirmed')),
      ).toMatchObject({ ok: false, code: 'final' });
      expect(await stockOf('barra-tropical-rio')).toBe(bars + 2);
      expect(await stockOf('mini-ovo')).toBe(eggs + 3);
    },
  );

  it('does not return units a payment failure already returned', async () => {
    const orderId = await createOrder({ stockReturned: true });
    const bars = await stockOf('barra-tropical-rio');
    expect(await actions.changeOrderStatus(null, statusInput(orderId, 'cancelled'))).toMatchObject({
      ok: true,
      code: 'cancelledNoRestock',
    });
    expect(await stockOf('barra-tropical-rio')).toBe(bars);
  });

  it('returns the units of a delivery that came back (from waitingForDelivery)', async () => {
    const orderId = await createOrder({ shippingOption: 'Entrega' }, { waitingForDelivery: true });
    const bars = (await stockOf('barra-tropical-rio')) as number;
    const result = await actions.changeOrderStatus(null, statusInput(orderId, 'cancelled'));
    expect(result).toMatchObject({ ok: true, code: 'cancelledRestocked' });
    expect(await stockOf('barra-tropical-rio')).toBe(bars + 2);
    expect((await orderData(orderId))?.stockReturned).toBe(true);
  });

  it('does not return units already in production', async () => {
    const orderId = await createOrder({}, { inProduction: true });
    const bars = await stockOf('barra-tropical-rio');
    const result = await actions.changeOrderStatus(null, statusInput(orderId, 'cancelled'));
    expect(result).toMatchObject({ ok: true, code: 'cancelledNoRestock' });
    expect(result.message).toMatch(/estoque não mudou/);
    expect(await stockOf('barra-tropical-rio')).toBe(bars);
    expect(revalidatePath).not.toHaveBeenCalled();
    expect((await orderData(orderId))?.stockReturned).toBe(false);
  });
});

describe('stock and availability', () => {
  beforeEach(() => as('admin'));

  it('stores the stock and flags, and regenerates the pages that show the product', async () => {
    const result = await actions.updateInventory(
      null,
      inventoryInput('barra-tropical-sampa', {
        stock: 4,
        expectedStock: 10,
        availableForSale: true,
        showInStore: false,
        isPromoted: true,
      }),
    );
    const entry = { stock: 4, availableForSale: true, showInStore: false, isPromoted: true };
    expect(result).toEqual({
      ok: true,
      code: 'saved',
      message: 'Alterações salvas: 1 produto.',
      lines: {
        'barra-tropical-sampa': {
          ok: true,
          code: 'saved',
          message: 'Barra Tropical Sampa: alterações salvas.',
          entry,
        },
      },
    });
    expect(await inventoryDoc('barra-tropical-sampa')).toEqual(entry);
    // Its pages, both landing pages and (it left the shop) the sitemap; nothing of the panel.
    const paths = [
      '/pt-BR',
      '/en',
      '/pt-BR/chocolates/barra-tropical-sampa',
      '/en/chocolates/barra-tropical-sampa',
      '/sitemap.xml',
    ].sort();
    expect(revalidatePath.mock.calls.map(([path]) => path).sort()).toEqual(paths);
    for (const call of revalidatePath.mock.calls) expect(call).toHaveLength(1);
    // The cached inventory reads (the menu search's hidden products) expire at once with them.
    expect(revalidateTag.mock.calls).toEqual([['inventory', { expire: 0 }]]);
    // And once more after the answer, without the admin waiting for it.
    expect(after).toHaveBeenCalledTimes(1);
    revalidatePath.mockClear();
    const started = Date.now();
    await runAfterAnswer();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(revalidatePath.mock.calls.map(([path]) => path).sort()).toEqual(paths);

    const { getInventoryOverlay, getStorefrontProduct } =
      await import('@/lib/inventory/repository');
    const { SEED_RECORDS } = await import('@/lib/catalogue/seed');
    expect((await getInventoryOverlay(SEED_RECORDS))['barra-tropical-sampa']).toEqual(entry);
    expect(await getStorefrontProduct('barra-tropical-sampa')).toMatchObject({
      stockQtty: 4,
      showInStore: false,
      isPromoted: true,
    });
    // Products without flags in Firestore keep the catalogue's.
    expect((await getInventoryOverlay(SEED_RECORDS))['ovo-pistache']).toMatchObject({
      availableForSale: true,
      showInStore: true,
      isPromoted: true,
    });
  });

  it('saves several rows at once, only those sent, and says in each row what happened', async () => {
    await db.doc(`${ROOT}/inventory/ovo-tropical-rio`).set({ stock: 10 });
    await db.doc(`${ROOT}/inventory/ovo-tropical-sampa`).set({ stock: 10 });
    // Orders took two units of this one since the page was loaded (it showed 10).
    await db.doc(`${ROOT}/inventory/ovo-tropical-amazonas`).set({ stock: 8 });
    const untouched = await inventoryDoc('ovo-tropical-parana');
    const result = await actions.updateInventory(null, {
      locale: 'en',
      lines: [
        stockLine('ovo-tropical-rio', { stock: 3 }),
        stockLine('ovo-tropical-sampa', { stock: '12', availableForSale: false }),
        stockLine('ovo-tropical-amazonas', { stock: 20 }),
      ],
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'partial',
      message: '2 products saved; 1 product was not: see the note in its row.',
    });
    expect(result.lines['ovo-tropical-rio']).toMatchObject({
      ok: true,
      message: 'Tropical Rio Egg: changes saved.',
      entry: { stock: 3 },
    });
    expect(result.lines['ovo-tropical-sampa']).toMatchObject({
      ok: true,
      entry: { stock: 12, availableForSale: false },
    });
    expect(result.lines['ovo-tropical-amazonas']).toMatchObject({
      ok: false,
      code: 'stale',
      entry: { stock: 8 },
    });
    expect(result.lines['ovo-tropical-amazonas']?.message).toContain('(now: 8)');
    expect(await stockOf('ovo-tropical-rio')).toBe(3);
    expect(await inventoryDoc('ovo-tropical-sampa')).toMatchObject({
      stock: 12,
      availableForSale: false,
    });
    expect(await inventoryDoc('ovo-tropical-amazonas')).toEqual({ stock: 8 });
    expect(await inventoryDoc('ovo-tropical-parana')).toEqual(untouched);
    // Only the saved products' pages; no flag of the shop's list changed, so not the sitemap.
    const paths = revalidatePath.mock.calls.map(([path]) => path as string);
    expect(paths).toContain('/en/chocolates/ovo-tropical-rio');
    expect(paths).toContain('/pt-BR/chocolates/ovo-tropical-sampa');
    expect(paths.some((path) => path.includes('amazonas'))).toBe(false);
    expect(paths).not.toContain('/sitemap.xml');
  });

  it.each([-1, 1000, 2.5, '', 'abc', '1e2', '12 ', null, true])(
    'refuses the stock %p in its row, and writes no row at all',
    async (stock) => {
      const before = await inventoryDoc('barra-tropical-bahia');
      const other = await inventoryDoc('barra-tropical-amazonas');
      const result = await actions.updateInventory(null, {
        locale: 'pt-BR',
        lines: [
          stockLine('barra-tropical-amazonas', { stock: 3, expectedStock: other?.stock ?? 10 }),
          stockLine('barra-tropical-bahia', { stock }),
        ],
      });
      expect(result).toMatchObject({
        ok: false,
        code: 'invalid',
        message: 'Nada foi salvo: confira a linha marcada.',
      });
      expect(Object.keys(result.lines)).toEqual(['barra-tropical-bahia']);
      expect(result.lines['barra-tropical-bahia']?.message).toMatch(/0 a 999/);
      expect(await inventoryDoc('barra-tropical-bahia')).toEqual(before);
      expect(await inventoryDoc('barra-tropical-amazonas')).toEqual(other);
      expect(revalidatePath).not.toHaveBeenCalled();
    },
  );

  it('refuses an unknown product, field or shape', async () => {
    const unknown = await actions.updateInventory(null, inventoryInput('ovo-de-ouro'));
    expect(unknown).toMatchObject({ ok: false, code: 'invalid' });
    expect(unknown.lines['ovo-de-ouro']).toMatchObject({ code: 'unknown-product' });
    const field = await actions.updateInventory(
      null,
      inventoryInput('barra-tropical-bahia', { price: 1 }),
    );
    expect(field.lines['barra-tropical-bahia']).toMatchObject({ code: 'invalid' });
    for (const input of [
      { locale: 'pt-BR', lines: [] },
      { locale: 'pt-BR', lines: [stockLine('mini-ovo'), stockLine('mini-ovo', { stock: 1 })] },
      { locale: 'pt-BR', lines: [{ stock: 1 }] },
      { ...inventoryInput('mini-ovo'), extra: true },
      stockLine('mini-ovo'),
    ]) {
      expect(await actions.updateInventory(null, input)).toEqual({
        ok: false,
        code: 'invalid',
        message: 'Confira os valores: o estoque deve ser um número inteiro de 0 a 999.',
        lines: {},
      });
    }
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses to overwrite stock that orders changed since the form was loaded', async () => {
    await db.doc(`${ROOT}/inventory/barra-tropical-bahia`).set({ stock: 8 });
    const result = await actions.updateInventory(
      null,
      inventoryInput('barra-tropical-bahia', { stock: 20, expectedStock: 10 }),
    );
    expect(result).toMatchObject({ ok: false, code: 'stale' });
    expect(result.lines['barra-tropical-bahia']?.message).toContain('(agora: 8)');
    expect(await inventoryDoc('barra-tropical-bahia')).toEqual({ stock: 8 });
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('stock 0 or not for sale: the checkout refuses the product', async () => {
    const { placeOrder } = await import('@/lib/orders/place-order');
    const order = (orderId: string) => ({
      orderId,
      lines: [{ key: 'ovo-tropical-minas', quantity: 1 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale: 'pt-BR',
    });

    as('admin');
    await actions.updateInventory(null, inventoryInput('ovo-tropical-minas', { stock: 0 }));
    await untilStockSeen('ovo-tropical-minas', 0);
    as('shopperB');
    expect(await placeOrder(order('STOCKZERO01'))).toMatchObject({
      ok: false,
      error: 'out-of-stock',
    });

    as('admin');
    await actions.updateInventory(
      null,
      inventoryInput('ovo-tropical-minas', { stock: 5, expectedStock: 0, availableForSale: false }),
    );
    await untilStockSeen('ovo-tropical-minas', 5, { availableForSale: false });
    as('shopperB');
    expect(await placeOrder(order('NOTFORSALE01'))).toMatchObject({
      ok: false,
      error: 'unavailable',
    });

    as('admin');
    await actions.updateInventory(
      null,
      inventoryInput('ovo-tropical-minas', { stock: 5, expectedStock: 5 }),
    );
    // What the shop's stock listeners hold catches up with the admin's change (moments later).
    await untilStockSeen('ovo-tropical-minas', 5, { availableForSale: true });
    as('shopperB');
    expect(await placeOrder(order('BACKONSALE01'))).toMatchObject({ ok: true });
    expect(await stockOf('ovo-tropical-minas')).toBe(4);
  });
});

// Order e-mails end to end on a private local Firebase: placing an order writes the shopper's
// confirmation and the shop's notice to the local outbox, an admin's status change writes the
// shopper's notice, and an SMTP server that fails leaves the order placed and its mail waiting
// (stored, lib/mail/repository.ts) until the server takes it.
import fs from 'node:fs';
import path from 'node:path';

import { startFakeSmtp } from '@/test/fake-smtp';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';
import { checkoutInput } from '@/test/order-fixtures';
import {
  mockAdminAuthModule,
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  signedInUser,
} from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('@/lib/control-panel/auth', () => mockAdminAuthModule());
// placeOrder's rate limit reads the caller's address.
jest.mock('next/headers', () => mockHeadersModule('192.0.2.60'));
jest.mock('next/cache', () =>
  jest.requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator').nextCacheMock(),
);

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';

let stack: TestFirebase;
let clients: AdminClients;
let outbox: string;

const shopper = signedInUser({
  uid: 'uid-mail',
  email: 'Mail.Shopper@example.com',
  name: 'Mail Shopper',
});

const input = (orderId: string, locale = 'en') =>
  checkoutInput(orderId, {
    lines: [
      { key: 'ovo-pistache', quantity: 2 },
      { key: 'mini-ovo', quantity: 1 },
    ],
    locale,
  });

/** The outbox's messages about `orderId` now. */
async function outboxNow(orderId: string) {
  const { listOutbox } = await import('./outbox');
  return (await listOutbox(outbox)).filter((m) => m.subject.includes(orderId));
}

/** Waits (bounded) until the outbox holds `count` messages about `orderId`. */
async function outboxFor(orderId: string, count: number) {
  const { listOutbox } = await import('./outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = (await listOutbox(outbox)).filter((m) => m.subject.includes(orderId));
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  // The local outbox, not a developer's SMTP settings.
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  ({ stack, clients } = firebase);
  process.env.LOCAL_FIREBASE_DATA_DIR = stack.dataDir;
  outbox = path.join(stack.dataDir, 'outbox');
  await clients.db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 50 });
  await clients.db.doc(`${ROOT}/inventory/mini-ovo`).set({ stock: 50 });
}, 90_000);

afterAll(async () => {
  delete process.env.LOCAL_FIREBASE_DATA_DIR;
});

describe('with the local outbox', () => {
  it('placing an order writes the confirmation (order language) and the shop notice', async () => {
    const { placeOrder } = await import('@/lib/orders/place-order');
    const result = await mockSessionStore.run(shopper, () => placeOrder(input('MAIL0000001')));
    expect(result).toMatchObject({ ok: true, orderId: 'MAIL0000001' });

    const messages = await outboxFor('MAIL0000001', 2);
    expect(messages).toHaveLength(2);
    const confirmation = messages.find((m) => m.to === 'Mail.Shopper@example.com');
    expect(confirmation?.subject).toBe('We received your order MAIL0000001');
    expect(confirmation?.text).toContain('2 × ');
    expect(confirmation?.text).toMatch(/1 × .+: R\$ \d+,00/);
    const notice = messages.find((m) => m.to === 'pedidos@chocolates.local');
    expect(notice?.subject).toMatch(/^Novo pedido MAIL0000001: R\$ /);
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });

  it('each status change the shopper can see writes one notice to the shopper', async () => {
    const { placeOrder } = await import('@/lib/orders/place-order');
    const { changeOrderStatus } = await import('@/lib/control-panel/actions');
    await mockSessionStore.run(shopper, () => placeOrder(input('MAIL0000002', 'pt-BR')));
    await outboxFor('MAIL0000002', 2);

    const steps = [
      ['awaitingApproval', 'waitingPayment', 'Pedido MAIL0000002: Aguardando Pagamento'],
      ['waitingPayment', 'confirmed', 'Pedido MAIL0000002: Confirmado'],
      ['confirmed', 'inProduction', 'Pedido MAIL0000002: Em Produção'],
      ['inProduction', 'waitingForRetrieval', 'Pedido MAIL0000002: Aguardando Retirada'],
      ['waitingForRetrieval', 'delivered', 'Pedido MAIL0000002: Entregue'],
    ] as const;
    let expected = 2;
    for (const [from, to, subject] of steps) {
      const answer = await changeOrderStatus(null, {
        locale: 'pt-BR',
        orderId: 'MAIL0000002',
        from,
        to,
      });
      expect(answer).toMatchObject({ ok: true });
      expected += 1;
      const messages = await outboxFor('MAIL0000002', expected);
      expect(messages).toHaveLength(expected);
      const notice = messages.find((m) => m.subject === subject);
      expect(notice?.to).toBe('Mail.Shopper@example.com');
    }
    const production = (await outboxFor('MAIL0000002', 7)).find((m) =>
      m.subject.endsWith('Em Produção'),
    );
    expect(production?.text).toContain('O seu pedido MAIL0000002 está em produção.');
    // Exactly one per change: two placing messages and five notices, nothing later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxNow('MAIL0000002')).toHaveLength(7);
  });

  it("a Mercado Pago payment that confirms the order writes the shopper's notice once", async () => {
    const { placeOrder } = await import('@/lib/orders/place-order');
    const { applyPaymentToOrder } = await import('@/lib/orders/payment-update');
    await mockSessionStore.run(shopper, () => placeOrder(input('MAIL0000004')));
    const placed = await outboxFor('MAIL0000004', 2);
    expect(placed).toHaveLength(2);
    const snapshot = await clients.db.doc(`${ROOT}/orders/MAIL0000004`).get();
    const payment = {
      id: 'pay-mail-4',
      status: 'approved',
      externalReference: 'MAIL0000004',
      transactionAmount: snapshot.get('total') as number,
      currencyId: 'BRL',
    };
    expect(await applyPaymentToOrder(payment)).toBe('applied');
    // The same event again changes nothing and tells nobody.
    expect(await applyPaymentToOrder(payment)).toBe('duplicate');
    const messages = await outboxFor('MAIL0000004', 3);
    expect(messages.map((m) => m.subject)).toContain('Order MAIL0000004: Confirmed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxNow('MAIL0000004')).toHaveLength(3);
  });
});

describe('a shopper cancelling their open order', () => {
  it("writes the shopper's 'cancelled' notice and the shop's 'cancelled by the shopper' notice", async () => {
    const { placeOrder } = await import('@/lib/orders/place-order');
    const { cancelMyOrder } = await import('@/lib/orders/cancel-order');
    await mockSessionStore.run(shopper, () => placeOrder(input('MAIL0000003')));
    await outboxFor('MAIL0000003', 2);

    const result = await mockSessionStore.run(shopper, () =>
      cancelMyOrder({ orderId: 'MAIL0000003' }),
    );
    expect(result).toMatchObject({ ok: true, stockReturned: true });
    const messages = await outboxFor('MAIL0000003', 4);
    expect(messages).toHaveLength(4);
    const notice = messages.find((m) => m.subject.includes('cancelado pelo cliente'));
    expect(notice).toMatchObject({
      to: 'pedidos@chocolates.local',
      subject: 'Pedido MAIL0000003 cancelado pelo cliente',
    });
    expect(notice?.text).toContain('Mail Shopper (Mail.Shopper@example.com) cancelou o pedido');
    expect(
      messages.find((m) => m.to === 'Mail.Shopper@example.com' && /Cancelled/.test(m.subject)),
    ).toMatchObject({ subject: 'Order MAIL0000003: Cancelled' });
  });
});

describe('with an SMTP server that fails', () => {
  it('places the order, leaves its mail pending with the failure for the panel, and sends it once the server recovers', async () => {
    const smtp = await startFakeSmtp();
    smtp.fail('temporary');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await jest.isolateModulesAsync(async () => {
        process.env.SMTP_URL = smtp.url;
        process.env.MAIL_FROM = 'Loja <loja@example.com>';
        const { placeOrder } = await import('@/lib/orders/place-order');
        const { listUnsentMail } = await import('./repository');
        const { sendDueMail, sendQueuedMailNow } = await import('./sender');
        const placed = await mockSessionStore.run(shopper, () => placeOrder(input('MAIL0000005')));
        expect(placed).toMatchObject({ ok: true, orderId: 'MAIL0000005' });
        await sendQueuedMailNow();

        // Tried once, refused: both messages wait for their next try, with why, for the panel.
        const unsent = (await listUnsentMail()).filter((m) => m.orderId === 'MAIL0000005');
        expect(unsent.map((m) => m.kind).sort()).toEqual(['new-order', 'order-placed']);
        for (const mail of unsent) {
          expect(mail).toMatchObject({ state: 'pending', attempts: 1, lastError: /SMTP 451/ });
          expect(mail.dueAt!.getTime()).toBeGreaterThan(Date.now());
        }
        expect(smtp.received).toHaveLength(0);

        // The server recovers; when their time comes they are sent, once.
        smtp.fail(null);
        const later = () => Date.now() + 10 * 60_000;
        expect(await sendDueMail({ now: later })).toEqual({ sent: 2, failed: 0 });
        expect(await sendDueMail({ now: later })).toEqual({ sent: 0, failed: 0 });
        expect(smtp.received.map((m) => m.messageId).sort()).toEqual(
          unsent.map((m) => m.messageId).sort(),
        );
        expect(smtp.received.find((m) => m.to[0] === shopper.email)?.raw).toContain(
          'Subject: We received your order MAIL0000005',
        );
        expect((await listUnsentMail()).filter((m) => m.orderId === 'MAIL0000005')).toEqual([]);
      });
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.MAIL_FROM;
      errors.mockRestore();
      await smtp.close();
    }
  });
});

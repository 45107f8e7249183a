import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startFakeSmtp } from '@/test/fake-smtp';

import { listOutbox, parseEml } from './outbox';
import { messageDomain, senderFor, type OutgoingMail } from './send';
import { retryDelayMs } from './sender';
import {
  newOrderMail,
  orderPlacedMail,
  statusChangedMail,
  type MailOrder,
  NOTIFIED_STATUSES,
} from './templates';

const ORDER: MailOrder = {
  orderId: 'PED-2026-0042',
  locale: 'pt-BR',
  orderDate: '2026-03-20T15:30:00.000Z',
  customer: { name: 'João Araújo', email: 'joao@example.com' },
  telephone: '+55 11 91234-5678',
  items: [
    { title: 'Ovo de Pistache', quantity: 2, value: 12000 },
    { title: 'Barra ao Leite', quantity: 1, value: 2590 },
  ],
  total: 26590,
  shippingOption: 'Entrega',
};

let outbox: string;
beforeEach(() => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
});
afterEach(() => fs.rmSync(outbox, { recursive: true, force: true }));

const outboxConfig = () =>
  ({
    mode: 'outbox',
    directory: outbox,
    from: 'Chocolates Tropicais <loja@chocolates.local>',
    shopAddress: 'pedidos@chocolates.local',
  }) as const;

describe('order e-mail texts', () => {
  it("confirm an order in the order's language, with its number, items and total", () => {
    const pt = orderPlacedMail(ORDER);
    expect(pt).toMatchObject({ to: 'joao@example.com', kind: 'order-placed' });
    expect(pt.subject).toBe('Recebemos o seu pedido PED-2026-0042');
    expect(pt.text).toContain('Olá, João Araújo!');
    expect(pt.text).toContain('2 × Ovo de Pistache: R$ 240,00');
    expect(pt.text).toContain('1 × Barra ao Leite: R$ 25,90');
    expect(pt.text).toContain('Total: R$ 265,90');
    expect(pt.text).toContain('/pt-BR/checkout/PED-2026-0042');

    const en = orderPlacedMail({ ...ORDER, locale: 'en', shippingOption: 'Retirada' });
    expect(en.subject).toBe('We received your order PED-2026-0042');
    expect(en.text).toContain('Receiving: pick-up at the shop');
  });

  it('tell the shop about a new order in Portuguese, whatever the order language', () => {
    const notice = newOrderMail({ ...ORDER, locale: 'en' }, 'pedidos@chocolates.local');
    expect(notice.to).toBe('pedidos@chocolates.local');
    expect(notice.subject).toBe('Novo pedido PED-2026-0042: R$ 265,90');
    expect(notice.text).toContain('João Araújo (joao@example.com, telefone +55 11 91234-5678)');
  });

  it('show the delivery fee and day to the shopper and to the shop', () => {
    const order = { ...ORDER, total: 27840, deliveryFee: 1250, deliveryDate: '2026-04-02' };
    const shopper = orderPlacedMail({ ...order, locale: 'en' }).text;
    expect(shopper).toContain('Delivery fee: R$ 12,50');
    expect(shopper).toContain('Total: R$ 278,40');
    expect(shopper).toContain('Delivery date: Thursday, April 2, 2026');
    const shop = newOrderMail(order, 'pedidos@chocolates.local').text;
    expect(shop).toContain('Taxa de entrega: R$ 12,50');
    expect(shop).toContain('Data de entrega: quinta-feira, 2 de abril de 2026');
    const pickup = orderPlacedMail({ ...order, deliveryFee: 0, shippingOption: 'Retirada' }).text;
    expect(pickup).not.toContain('Taxa de entrega');
    expect(pickup).toContain('Data de retirada: quinta-feira, 2 de abril de 2026');
  });

  it('give the shop the CPF, the full address and the gift message, and the shopper their address', () => {
    const order: MailOrder = {
      ...ORDER,
      locale: 'en',
      cpf: '529.982.247-25',
      address: {
        street: 'Avenida Paulista',
        number: '1000',
        extra: 'Apto 42',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310-100',
      },
      giftMessage: 'Feliz Páscoa, Ana!',
    };
    const line = 'Avenida Paulista, 1000, Apto 42, Bela Vista - São Paulo/SP, 01310-100';
    const notice = newOrderMail(order, 'pedidos@chocolates.local').text;
    expect(notice).toContain('CPF: 529.982.247-25');
    expect(notice).toContain(`Endereço de entrega: ${line}`);
    expect(notice).toContain('Mensagem para o cartão: Feliz Páscoa, Ana!');
    const shopper = orderPlacedMail(order).text;
    expect(shopper).toContain(`Delivery address: ${line}`);
    // The gift message and the CPF are for the shop only.
    expect(shopper).not.toContain('Feliz Páscoa');
    expect(shopper).not.toContain('529.982.247-25');

    // An order without them (a pick-up, no CPF) says so, and shows no address.
    const pickup = newOrderMail({ ...ORDER, shippingOption: 'Retirada' }, 'x@example.com').text;
    expect(pickup).toContain('CPF: não informado');
    expect(pickup).not.toContain('Endereço de entrega');
    expect(pickup).not.toContain('Mensagem para o cartão');
  });

  it("name the recipient to the shopper and to the shop; the customer's name on older orders", () => {
    const gift = { ...ORDER, recipientName: 'Dona Lúcia Ramos' };
    expect(orderPlacedMail({ ...gift, locale: 'en' }).text).toContain(
      'Recipient: Dona Lúcia Ramos',
    );
    const notice = newOrderMail({ ...gift, locale: 'en' }, 'pedidos@chocolates.local').text;
    expect(notice).toContain('Quem recebe: Dona Lúcia Ramos');
    expect(notice).toContain('João Araújo (joao@example.com');
    expect(orderPlacedMail(ORDER).text).toContain('Quem recebe: João Araújo');
  });

  it('name each notified status with the shop-wide status label', () => {
    const subjects = NOTIFIED_STATUSES.map((s) => statusChangedMail(ORDER, s).subject);
    expect(subjects).toEqual([
      'Pedido PED-2026-0042: Aguardando Pagamento',
      'Pedido PED-2026-0042: Confirmado',
      'Pedido PED-2026-0042: Em Produção',
      'Pedido PED-2026-0042: Aguardando Retirada',
      'Pedido PED-2026-0042: Aguardando Entrega',
      'Pedido PED-2026-0042: Entregue',
      'Pedido PED-2026-0042: Cancelado',
    ]);
    expect(statusChangedMail({ ...ORDER, locale: 'en' }, 'waitingForRetrieval').text).toContain(
      'ready for pick-up at Rua dos Cacaueiros',
    );
    // Every status the shopper can see has its own sentence, never the generic one.
    for (const locale of ['pt-BR', 'en'] as const) {
      for (const status of NOTIFIED_STATUSES) {
        const text = statusChangedMail({ ...ORDER, locale }, status).text;
        expect(text).not.toMatch(/mudou de situação|changed status/);
      }
    }
  });
});

/** `message` as the sender hands it over: stored with an id, a Message-ID and a time. */
function outgoing(message: ReturnType<typeof orderPlacedMail>, id: string): OutgoingMail {
  return {
    ...message,
    id,
    messageId: `<${id}@chocolates.local>`,
    createdAt: new Date('2026-03-20T15:31:00.000Z'),
  };
}

describe('the local outbox', () => {
  it('holds each message as an .eml file that reads back as sent, accents included', async () => {
    const send = senderFor(outboxConfig());
    const sent = [orderPlacedMail(ORDER), newOrderMail(ORDER, 'pedidos@chocolates.local')];
    await send(outgoing(sent[0]!, 'a1b2c3'));
    await send(outgoing(sent[1]!, 'd4e5f6'));
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.sort()).toEqual([
      '2026-03-20T15-31-00-000Z-new-order-PED-2026-0042-d4e5f6.eml',
      '2026-03-20T15-31-00-000Z-order-placed-PED-2026-0042-a1b2c3.eml',
    ]);
    const raw = fs.readFileSync(
      path.join(
        outbox,
        files.find((f) => f.includes('order-placed'))!,
      ),
    );
    expect(raw.toString()).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw.toString()).toMatch(/^Message-ID: <a1b2c3@chocolates\.local>/m);

    const listed = await listOutbox(outbox);
    expect(listed.map((m) => m.subject).sort()).toEqual([
      'Novo pedido PED-2026-0042: R$ 265,90',
      'Recebemos o seu pedido PED-2026-0042',
    ]);
    const confirmation = listed.find((m) => m.to.includes('joao@example.com'));
    expect(confirmation?.text).toBe(sent[0]?.text);
    expect(confirmation?.date).toBe('2026-03-20T15:31:00.000Z');
  });

  it('writes a message sent again (after a crash between sending and recording it) to the same file', async () => {
    const send = senderFor(outboxConfig());
    const mail = outgoing(orderPlacedMail(ORDER), 'f00d');
    await send(mail);
    const first = fs.readdirSync(outbox);
    await send(mail);
    expect(fs.readdirSync(outbox)).toEqual(first);
    expect(first.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  });

  it('lists nothing for a folder that does not exist yet', async () => {
    expect(await listOutbox(path.join(outbox, 'missing'))).toEqual([]);
  });

  it('parses encoded subjects', () => {
    const raw = 'Subject: =?UTF-8?Q?Caf=C3=A9?= =?UTF-8?B?IGNvbSBww6Nv?=\r\nTo: a@b.c\r\n\r\nbody';
    expect(parseEml(raw)).toMatchObject({ subject: 'Café com pão', to: 'a@b.c', text: 'body' });
  });
});

describe('sending', () => {
  it('sends over SMTP with the stored Message-ID, and fails loudly when the server refuses', async () => {
    const smtp = await startFakeSmtp();
    try {
      const send = senderFor({
        mode: 'smtp',
        smtpUrl: smtp.url,
        from: 'Loja <loja@example.com>',
        shopAddress: 'loja@example.com',
      });
      await send(outgoing(orderPlacedMail(ORDER), 'beef01'));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({
        from: 'loja@example.com',
        to: ['joao@example.com'],
        messageId: '<beef01@chocolates.local>',
      });
      smtp.fail('temporary');
      await expect(send(outgoing(orderPlacedMail(ORDER), 'beef02'))).rejects.toMatchObject({
        responseCode: 451,
      });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("makes Message-IDs in the From address's domain", () => {
    expect(messageDomain({ from: 'Chocolates Tropicais <loja@Chocolates.local>' })).toBe(
      'chocolates.local',
    );
    expect(messageDomain({ from: 'loja@example.com' })).toBe('example.com');
  });

  it('waits longer after each failed try, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});

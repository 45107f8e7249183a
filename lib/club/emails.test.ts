import { chargeMail, membershipMails } from './emails';
import type { Membership } from './membership';

const member: Membership = {
  uid: 'uid-ana',
  email: 'ana@example.com',
  plan: 'mensal',
  state: 'active',
  locale: 'en',
  boxMonths: ['2026-11'],
  provider: 'mercadopago',
  preapprovalId: 'pre-1',
  initPoint: null,
  nextChargeAt: Date.UTC(2026, 11, 27, 15),
  sourceModifiedAt: 1,
  createdAt: 1,
  updatedAt: 1,
};

describe('the club e-mails', () => {
  it('on joining: the member (in their language) and the shop (in Portuguese)', () => {
    const mails = membershipMails({ state: 'pending' }, member, 'Ana', 'loja@example.com');
    expect(mails.map((mail) => [mail.kind, mail.to])).toEqual([
      ['club-joined', 'ana@example.com'],
      ['club-new-member', 'loja@example.com'],
    ]);
    expect(mails[0]!.subject).toBe('Welcome to the Club: Monthly Plan');
    expect(mails[0]!.text).toContain('Hello, Ana!');
    expect(mails[0]!.text).toContain('R$ 109,00');
    expect(mails[0]!.text).toContain('Next charge: December 27, 2026.');
    expect(mails[0]!.text).toContain('/en/usuario');
    expect(mails[1]!.subject).toBe('Novo membro do clube: Plano Mensal');
    expect(mails[1]!.text).toContain('Ana (ana@example.com) assinou o Plano Mensal.');
    expect(mails[1]!.text).toContain('/pt-BR/control-panel/club?q=ana%40example.com');
  });

  it('on a pause and a cancellation: the member only', () => {
    const paused = membershipMails({ state: 'active' }, { ...member, state: 'paused' }, '', null);
    expect(paused.map((mail) => mail.kind)).toEqual(['club-paused']);
    expect(paused[0]!.text).toContain('Hello, ana@example.com!');
    const cancelled = membershipMails(
      { state: 'paused' },
      { ...member, state: 'cancelled', locale: 'pt-BR' },
      'Ana',
      'loja@example.com',
    );
    expect(cancelled.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['club-cancelled', 'Assinatura cancelada: Plano Mensal'],
    ]);
  });

  it('none for a resume, a new charge date, or no change', () => {
    expect(membershipMails({ state: 'paused' }, member, 'Ana', 'loja@example.com')).toEqual([]);
    expect(membershipMails({ state: 'active' }, member, 'Ana', 'loja@example.com')).toEqual([]);
    expect(
      membershipMails({ state: 'pending' }, { ...member, state: 'pending' }, '', null),
    ).toEqual([]);
  });

  it('no shop notice without a shop address', () => {
    expect(membershipMails({ state: 'pending' }, member, 'Ana', null).map((m) => m.kind)).toEqual([
      'club-joined',
    ]);
  });
});

describe('the monthly charge e-mails', () => {
  it('received, in the member language, with the month and amount', () => {
    const en = chargeMail(member, { status: 'approved', amount: 10900 }, '2026-11', 'Ana');
    expect(en).toMatchObject({
      kind: 'club-charged',
      to: 'ana@example.com',
      subject: 'We received your club payment for November 2026',
    });
    expect(en.text).toContain('R$ 109,00');
    const pt = chargeMail(
      { ...member, locale: 'pt-BR' },
      { status: 'approved', amount: 10900 },
      '2026-01',
      'Ana',
    );
    expect(pt.subject).toBe('Recebemos o pagamento do seu clube de janeiro de 2026');
  });

  it('failed: says Mercado Pago will retry', () => {
    const mail = chargeMail(member, { status: 'rejected', amount: 10900 }, '2026-11', 'Ana');
    expect(mail.kind).toBe('club-charge-failed');
    expect(mail.text).toContain('Mercado Pago will try again');
  });
});

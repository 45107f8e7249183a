import { clubShippingCsv } from '@/lib/csv/club-csv';

import {
  filterMembers,
  memberRow,
  parseMemberFilters,
  shippingList,
  type ClubMemberRow,
} from './members';
import type { Membership } from './membership';

const ADDRESS = {
  street: 'Rua Augusta',
  number: '100',
  extra: 'No complement',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01305-000',
};

function membership(fields: Partial<Membership>): Membership {
  return {
    uid: 'uid-ana',
    email: 'ana@example.com',
    plan: 'mensal',
    state: 'active',
    locale: 'pt-BR',
    boxMonths: ['2026-11'],
    provider: 'mercadopago',
    preapprovalId: 'pre-1',
    initPoint: null,
    nextChargeAt: 1,
    sourceModifiedAt: 1,
    createdAt: 1,
    updatedAt: 1,
    ...fields,
  };
}

const rows: ClubMemberRow[] = [
  memberRow(membership({}), { name: 'Ana Souza', email: 'ana@example.com', address: ADDRESS }),
  memberRow(membership({ uid: 'uid-joao', email: 'joao@example.com', state: 'paused' }), {
    name: 'João Lima',
    email: 'joao@example.com',
    address: ADDRESS,
  }),
  memberRow(membership({ uid: 'uid-bia', email: 'bia@example.com', plan: 'trimestral' }), {
    name: 'Beatriz',
    email: 'bia@example.com',
    address: { ...ADDRESS, street: '=HYPERLINK("http://evil.test")' },
  }),
  memberRow(
    membership({ uid: 'uid-caio', email: 'caio@example.com', state: 'cancelled' }),
    undefined,
  ),
];

describe('the panel rows', () => {
  it("joins the membership and the profile, the address's placeholders emptied", () => {
    expect(rows[0]).toMatchObject({
      name: 'Ana Souza',
      plan: 'mensal',
      state: 'active',
      address: { street: 'Rua Augusta', extra: '' },
    });
    expect(rows[3]).toMatchObject({ name: '', email: 'caio@example.com', address: null });
  });

  it('filters by state and searches name or e-mail, case and accents aside', () => {
    const uids = (filters: Parameters<typeof filterMembers>[1]) =>
      filterMembers(rows, filters).map((row) => row.uid);
    expect(uids({ state: null, q: '' })).toHaveLength(4);
    expect(uids({ state: 'active', q: '' })).toEqual(['uid-ana', 'uid-bia']);
    expect(uids({ state: null, q: 'joao' })).toEqual(['uid-joao']);
    expect(uids({ state: null, q: 'JOÃO' })).toEqual(['uid-joao']);
    expect(uids({ state: null, q: 'caio@' })).toEqual(['uid-caio']);
    expect(uids({ state: 'paused', q: 'ana' })).toEqual([]);
  });

  it('reads the filters from the query string, anything unknown as no filter', () => {
    expect(parseMemberFilters({ state: 'paused', q: '  ana ' })).toEqual({
      state: 'paused',
      q: 'ana',
    });
    expect(parseMemberFilters({ state: 'gold', q: ['x', 'y'] })).toEqual({ state: null, q: 'x' });
    expect(parseMemberFilters({})).toEqual({ state: null, q: '' });
  });

  it("ships this month's box to the active members only, by name", () => {
    expect(shippingList(rows).map((row) => row.uid)).toEqual(['uid-ana', 'uid-bia']);
  });
});

describe('the shipping CSV', () => {
  it('has each active member address, formula-safe, in the admin language', () => {
    const csv = clubShippingCsv(shippingList(rows), 'pt-BR', new Date(Date.UTC(2026, 10, 20)));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nome;E-mail;Plano;Rua;Número;Complemento;Bairro;Cidade;UF;CEP;Caixa do mês',
    );
    expect(lines[1]).toBe(
      'Ana Souza;ana@example.com;Plano Mensal;Rua Augusta;100;;Consolação;São Paulo;SP;01305-000;Cacau de origem',
    );
    // A street typed as a formula is text in a spreadsheet.
    expect(lines[2]).toContain(`;"'=HYPERLINK(""http://evil.test"")";`);
    expect(lines).toHaveLength(3);
    const en = clubShippingCsv(shippingList(rows), 'en', new Date(Date.UTC(2026, 11, 20)));
    expect(en.split('\r\n')[0]).toBe(
      '\uFEFFName,E-mail,Plan,Street,Number,Complement,Neighbourhood,City,State,Postal code,Box of the month',
    );
    expect(en).toContain(
      'Monthly Plan,Rua Augusta,100,,Consolação,São Paulo,SP,01305-000,Festive flavours',
    );
  });
});

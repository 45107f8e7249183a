import { getSeedProduct } from '@/lib/catalogue/seed';
import { EMPTY_STATUS_FLAGS } from '@/lib/orders/status';

import { csvCell, csvDocument } from './csv';
import { ordersCsv, ordersCsvFileName, type ExportOrder } from './orders-csv';

const order = (overrides: Partial<ExportOrder>): ExportOrder => ({
  orderId: 'PED-1',
  orderDate: '2026-03-20T15:30:00.000Z',
  customer: { name: 'Ana Souza', email: 'ana@example.com' },
  orderItems: [
    { translatedTitle: 'Ovo de Pistache', quantity: 2 },
    { translatedTitle: 'Barra ao Leite', quantity: 1 },
  ],
  total: 26590,
  shippingOption: 'Entrega',
  status: { ...EMPTY_STATUS_FLAGS, confirmed: true },
  telephone: '11912345678',
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
  giftMessage: 'Feliz Páscoa!',
  ...overrides,
});

/** Splits a CSV the way a spreadsheet does (quotes, doubled quotes, CRLF rows). */
function parse(csv: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+55 11 9999', "'+55 11 9999"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a;b', '"a;b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['plain', 'plain'],
  ])('writes %p as text', (value, expected) => {
    expect(csvCell(value, { delimiter: ';' })).toBe(expected);
  });

  it('leaves numbers alone', () => {
    expect(csvCell(265, { delimiter: ',' })).toBe('265');
  });

  it('starts a document with a BOM and ends rows with CRLF', () => {
    expect(csvDocument(['a', 'b'], [['1', 2]], { delimiter: ',' })).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});

describe('ordersCsv', () => {
  const orders = [
    order({}),
    order({
      orderId: 'PED-2',
      customer: { name: "=cmd|' /C calc'!A0", email: 'x@example.com' },
      shippingOption: 'Retirada',
      status: { ...EMPTY_STATUS_FLAGS, cancelled: true },
      total: 120000,
    }),
    order({ orderId: 'PED-3', customer: { name: 'Line\nBreak; "Quoted"', email: '' } }),
  ];

  it('has one row per order, in Portuguese with ; and decimal commas', () => {
    const rows = parse(ordersCsv(orders, 'pt-BR'), ';');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([
      'Data',
      'Número',
      'Cliente',
      'Itens',
      'Total (R$)',
      'Recebimento',
      'Situação',
      'Telefone',
      'CPF',
      'Endereço',
      'Bairro',
      'Cidade',
      'UF',
      'CEP',
      'Mensagem para o cartão',
      'Taxa de entrega (R$)',
      'Data de entrega',
      'Quem recebe',
      'Cupom',
      'Desconto do cupom (R$)',
    ]);
    expect(rows[1]).toEqual([
      '2026-03-20 12:30',
      'PED-1',
      'Ana Souza <ana@example.com>',
      '2 × Ovo de Pistache; 1 × Barra ao Leite',
      '265,90',
      'Entrega',
      'Confirmado',
      '(11) 91234-5678',
      '529.982.247-25',
      'Avenida Paulista, 1000, Apto 42',
      'Bela Vista',
      'São Paulo',
      'SP',
      '01310-100',
      'Feliz Páscoa!',
      '0,00',
      '',
      'Ana Souza',
      '',
      '0,00',
    ]);
    expect(rows[2]?.[2]).toBe("'=cmd|' /C calc'!A0 <x@example.com>");
    expect(rows[2]?.slice(4, 7)).toEqual(['1200,00', 'Retirada', 'Cancelado']);
    // A pick-up has no address columns, whatever is stored.
    expect(rows[2]?.slice(9, 14)).toEqual(['', '', '', '', '']);
    expect(rows[3]?.[2]).toBe('Line\nBreak; "Quoted"');
  });

  it('is in English with , and decimal points for an English-speaking admin', () => {
    const rows = parse(ordersCsv(orders, 'en'), ',');
    expect(rows[0]).toEqual([
      'Date',
      'Number',
      'Customer',
      'Items',
      'Total (R$)',
      'Receiving',
      'Status',
      'Telephone',
      'CPF',
      'Address',
      'Neighbourhood',
      'City',
      'State',
      'Postal code',
      'Gift card message',
      'Delivery fee (R$)',
      'Delivery date',
      'Recipient',
      'Coupon',
      'Coupon discount (R$)',
    ]);
    expect(rows[1]?.slice(4, 7)).toEqual(['265.90', 'Delivery', 'Confirmed']);
    expect(rows[2]?.slice(5, 7)).toEqual(['Pick-up', 'Cancelled']);
  });

  it('keeps the shipping columns formula-safe and reads older orders without them', () => {
    const hostile = order({
      cpf: null,
      telephone: '+55 11 3456-7890',
      giftMessage: '=HYPERLINK("http://evil.example")\nsegunda linha; "aspas"',
      address: {
        street: '@SUM(A1)',
        number: '1',
        extra: '',
        neighborhood: '-2+3',
        city: 'Recife',
        state: 'PE',
        postalCode: '50000-000',
      },
    });
    const [, row] = parse(ordersCsv([hostile], 'pt-BR'), ';');
    expect(row?.slice(7, 15)).toEqual([
      '(11) 3456-7890',
      '',
      "'@SUM(A1), 1",
      "'-2+3",
      'Recife',
      'PE',
      '50000-000',
      `'=HYPERLINK("http://evil.example")\nsegunda linha; "aspas"`,
    ]);
    const older = order({});
    delete older.telephone;
    delete older.cpf;
    delete older.address;
    delete older.giftMessage;
    expect(parse(ordersCsv([older], 'en'), ',')[1]?.slice(7)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '0.00',
      '',
      'Ana Souza',
      '',
      '0.00',
    ]);
  });

  it("has the recipient the checkout asked for, the customer's name on older orders", () => {
    const gift = order({ recipientName: 'Dona Lúcia Ramos' });
    expect(parse(ordersCsv([gift], 'pt-BR'), ';')[1]?.[17]).toBe('Dona Lúcia Ramos');
    expect(parse(ordersCsv([order({ recipientName: '' })], 'en'), ',')[1]?.[17]).toBe('Ana Souza');
  });

  it('has the coupon and its discount of an order that carries one', () => {
    const discounted = order({ total: 24700, coupon: { code: 'PASCOA10', amount: 1800 } });
    expect(parse(ordersCsv([discounted], 'pt-BR'), ';')[1]?.slice(-2)).toEqual([
      'PASCOA10',
      '18,00',
    ]);
  });

  it('has the delivery fee and day of an order that has them, after the shipping columns', () => {
    const delivered = order({ total: 27790, deliveryFee: 1250, deliveryDate: '2026-04-02' });
    const [, row] = parse(ordersCsv([delivered], 'pt-BR'), ';');
    expect(row?.slice(4, 7)).toEqual(['277,90', 'Entrega', 'Confirmado']);
    expect(row?.slice(15, 17)).toEqual(['12,50', '2026-04-02']);
  });

  it("titles the products in the CSV's language, whatever language they were ordered in", () => {
    const ordered = order({
      orderItems: [
        { key: 'barra-tropical-sampa', translatedTitle: 'Tropical Sampa Bar', quantity: 1 },
        { key: 'no-longer-sold', translatedTitle: 'Old Egg', quantity: 2 },
      ],
    });
    // The catalogue's names (lib/catalogue/repository.ts productTitleLookup), here the seed's.
    const titles = (locale: 'pt-BR' | 'en') => (key: string) => getSeedProduct(key)?.title[locale];
    expect(parse(ordersCsv([ordered], 'pt-BR', titles('pt-BR')), ';')[1]?.[3]).toBe(
      '1 × Barra Tropical Sampa; 2 × Old Egg',
    );
    expect(
      parse(
        ordersCsv(
          [
            {
              ...ordered,
              orderItems: [
                {
                  key: 'barra-tropical-sampa',
                  translatedTitle: 'Barra Tropical Sampa',
                  quantity: 1,
                },
              ],
            },
          ],
          'en',
          titles('en'),
        ),
        ',',
      )[1]?.[3],
    ).toBe('1 × Tropical Sampa Bar');
  });

  it('names the file by language and date', () => {
    expect(ordersCsvFileName('pt-BR', new Date('2026-03-20T15:00:00Z'))).toBe(
      'pedidos-2026-03-20.csv',
    );
    expect(ordersCsvFileName('en', new Date('2026-03-20T15:00:00Z'))).toBe('orders-2026-03-20.csv');
  });
});

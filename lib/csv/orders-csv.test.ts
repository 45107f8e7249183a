import { EMPTY_STATUS_FLAGS } from '@/lib/orders/status';

import { csvCell, csvDocument } from './csv';
import { ordersCsv, ordersCsvFileName, type ExportOrder } from './orders-csv';

const order = (overrides: Partial<ExportOrder>): ExportOrder => ({
  orderID: 'PED-1',
  orderDate: '2026-03-20T15:30:00.000Z',
  customer: { name: 'Ana Souza', email: 'ana@example.com' },
  orderItems: [
    { translatedTitle: 'Ovo de Pistache', quantity: 2 },
    { translatedTitle: 'Barra ao Leite', quantity: 1 },
  ],
  total: 265,
  shippingOption: 'Entrega',
  status: { ...EMPTY_STATUS_FLAGS, confirmed: true },
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
      orderID: 'PED-2',
      customer: { name: "=cmd|' /C calc'!A0", email: 'x@example.com' },
      shippingOption: 'Retirada',
      status: { ...EMPTY_STATUS_FLAGS, cancelled: true },
      total: 1200,
    }),
    order({ orderID: 'PED-3', customer: { name: 'Line\nBreak; "Quoted"', email: '' } }),
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
    ]);
    expect(rows[1]).toEqual([
      '2026-03-20 12:30',
      'PED-1',
      'Ana Souza <ana@example.com>',
      '2 × Ovo de Pistache; 1 × Barra ao Leite',
      '265,00',
      'Entrega',
      'Confirmado',
    ]);
    expect(rows[2]?.[2]).toBe("'=cmd|' /C calc'!A0 <x@example.com>");
    expect(rows[2]?.slice(4)).toEqual(['1200,00', 'Retirada', 'Cancelado']);
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
    ]);
    expect(rows[1]?.slice(4)).toEqual(['265.00', 'Delivery', 'Confirmed']);
    expect(rows[2]?.slice(5)).toEqual(['Pick-up', 'Cancelled']);
  });

  it("titles the products in the CSV's language, whatever language they were ordered in", () => {
    const ordered = order({
      orderItems: [
        { key: 'barra-tropical-sampa', translatedTitle: 'Tropical Sampa Bar', quantity: 1 },
        { key: 'no-longer-sold', translatedTitle: 'Old Egg', quantity: 2 },
      ],
    });
    expect(parse(ordersCsv([ordered], 'pt-BR'), ';')[1]?.[3]).toBe(
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

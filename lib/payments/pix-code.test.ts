import { buildPixCode } from '@/test/fake-pix-code';

import { crc16Ccitt, isPixCode } from './pix-code';

// The example static code of the Banco Central's BR Code manual, with its published checksum.
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16Ccitt', () => {
  test('is CRC-16/CCITT-FALSE: the standard check value of "123456789" is 29B1', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  test("gives the manual's example its published checksum", () => {
    expect(crc16Ccitt(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });
});

describe('buildPixCode', () => {
  const code = buildPixCode({
    location: 'pix.example.test/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
    amount: 123.5,
    merchantName: 'Cacau Minas Chocolates Ltda.',
    merchantCity: 'São João del-Rei',
    txid: 'MP123',
  });

  test('lays out the fields of a dynamic BR Code in order, amount with two decimals', () => {
    expect(code).toMatch(
      /^000201010212(26\d{2}0014br\.gov\.bcb\.pix25\d{2}pix\.example\.test\/qr\/v2\/cobv\/[0-9a-f]{32})5204000053039865406123\.505802BR59\d{2}/,
    );
    expect(code).toContain('5406123.50');
    // Names and cities in plain ASCII, cut at 25 and 15 characters.
    expect(code).toContain('5925Cacau Minas Chocolates L');
    expect(code).toContain('6015Sao Joao del-Re');
    expect(code).toContain('62090505MP123');
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  test('ends with the CRC of everything before its value', () => {
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
  });
});

describe('isPixCode', () => {
  test("accepts the manual's example and a built code", () => {
    expect(isPixCode(MANUAL_EXAMPLE)).toBe(true);
    expect(
      isPixCode(
        buildPixCode({
          key: 'loja@example.test',
          amount: 10,
          merchantName: 'Loja',
          merchantCity: 'BH',
        }),
      ),
    ).toBe(true);
  });

  test('refuses a changed amount, a wrong checksum, a cut code and a non-Pix EMV code', () => {
    expect(isPixCode(MANUAL_EXAMPLE.replace('5802BR', '5802US'))).toBe(false);
    expect(isPixCode(`${MANUAL_EXAMPLE.slice(0, -4)}1D3E`)).toBe(false);
    expect(isPixCode(MANUAL_EXAMPLE.slice(0, 40))).toBe(false);
    const other = '00020126200010com.other0102ab5204000053039865802BR6304';
    expect(isPixCode(other + crc16Ccitt(other))).toBe(false);
    expect(isPixCode('')).toBe(false);
  });
});

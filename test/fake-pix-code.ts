// Pix copy-and-paste codes as Mercado Pago makes them, for the local fake of Mercado Pago
// (./fake-mercadopago.ts); the shop only checks them (lib/payments/pix-code.ts).

import { crc16Ccitt } from '../lib/payments/pix-code';

/** One EMV field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new RangeError(`EMV field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

export type PixCodeInput = {
  /** The receiver's Pix key, or for a dynamic code the payment provider's location URL. */
  key?: string;
  location?: string;
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** Field 62-05, the transaction id ('***' when none). */
  txid?: string;
};

/** ASCII without accents, as the manual asks for names and cities. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .slice(0, max);
}

/**
 * A BR Code: 00 payload format, 26 merchant account (GUI br.gov.bcb.pix with a key or, for a
 * dynamic code, a location), 52 category, 53 currency 986 (BRL), 54 amount, 58 BR, 59 name,
 * 60 city, 62 additional data (05 txid) and 63 CRC over everything before its value.
 */
export function buildPixCode(input: PixCodeInput): string {
  const account =
    field('00', 'br.gov.bcb.pix') +
    (input.location ? field('25', input.location) : field('01', input.key ?? ''));
  const body =
    field('00', '01') +
    (input.location ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', input.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', plain(input.txid ?? '***', 25))) +
    '6304';
  return body + crc16Ccitt(body);
}

// Pix copy-and-paste codes (BR Code, the EMV QR payload of the Banco Central's Pix manual), pure:
// lib/payments/mercadopago.ts refuses a code whose checksum is wrong before a shopper can copy
// it, and the local fake of Mercado Pago (test/fake-mercadopago.ts) builds realistic ones.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), the BR Code's field 63 checksum. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

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

/**
 * Whether `code` reads as a BR Code: well-formed fields from 00 to 63, the Pix GUI in field 26,
 * and a matching CRC. Says nothing about whether the payment exists.
 */
export function isPixCode(code: string): boolean {
  if (!code.startsWith('000201') || !/6304[0-9A-F]{4}$/.test(code)) return false;
  let position = 0;
  let sawPix = false;
  while (position < code.length) {
    const id = code.slice(position, position + 2);
    const length = Number(code.slice(position + 2, position + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return false;
    const value = code.slice(position + 4, position + 4 + length);
    if (value.length !== length) return false;
    if (id === '26' && value.toLowerCase().includes('br.gov.bcb.pix')) sawPix = true;
    if (id === '63') {
      return (
        sawPix &&
        position + 4 + length === code.length &&
        crc16Ccitt(code.slice(0, position + 4)) === value
      );
    }
    position += 4 + length;
  }
  return false;
}

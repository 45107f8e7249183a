// Pix copy-and-paste codes (BR Code, the EMV QR payload of the Banco Central's Pix manual), pure:
// lib/payments/mercadopago.ts refuses a code whose checksum is wrong before a shopper can copy
// it. The local fake of Mercado Pago builds realistic ones (test/fake-pix-code.ts).

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

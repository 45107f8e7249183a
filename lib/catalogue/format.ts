// Money, in one place. Every amount of the shop (prices, order values and totals, delivery fees,
// club plans and discounts) is an integer number of centavos; only this file turns one into text
// ('R$ 89,90') or into the decimal reais Mercado Pago and schema.org speak (89.9, '89.90').

function checkCentavos(amount: number): void {
  // Safe integers only: larger values lose precision and String() would switch to exponent form.
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Invalid amount in centavos: ${amount}`);
  }
}

/** 'R$ 89,90' for 8990 (the same in both languages: the shop sells in Brazil). */
export function formatPrice(centavos: number): string {
  checkCentavos(centavos);
  const reais = String(Math.floor(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${String(centavos % 100).padStart(2, '0')}`;
}

/** '89.90' for 8990: the amount as a decimal string (schema.org offers, the Pix code, CSV). */
export function decimalPrice(centavos: number): string {
  checkCentavos(centavos);
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** 89.9 for 8990: the amount in reais as the number Mercado Pago's API takes. */
export function reaisAmount(centavos: number): number {
  return Number(decimalPrice(centavos));
}

/** 8990 for 89.9 (or 89.899999…): an amount Mercado Pago reports in reais, in centavos. */
export function centavosFromReais(reais: number): number {
  return Math.round(reais * 100);
}

/**
 * `percent` % of `centavos`, rounded half up to the centavo: the one rounding of a percentage
 * discount (the club's), so each unit's price less it is what is charged, and lines add up.
 */
export function percentOf(centavos: number, percent: number): number {
  return Math.round((centavos * percent) / 100);
}

/**
 * The centavos of a price as people type it: '145,90', '145.90', '145', 'R$ 1.450,90' (a '.'
 * before three digits groups thousands). Null for anything else, or more than two decimals.
 */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.replace(/^\s*R\$\s*/i, '').trim();
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const reais = Number(match[1]!.replaceAll('.', ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  const total = reais * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** A price as the panel's field shows it for editing: '145,90'. */
export function priceInputValue(centavos: number): string {
  return decimalPrice(centavos).replace('.', ',');
}
